import type { TFunction } from 'i18next';
import type { AdminMenu } from './menus-store.ts';

/**
 * Seeded rules are translated by name (`menu.<name>`), buttons by their action (`button.<action>`);
 * rules an admin added show their own title.
 */
export function menuTitle(t: TFunction, menu: Pick<AdminMenu, 'name' | 'title'> & { type?: string }): string {
  const action = menu.type === 'button' ? menu.name.split('/').pop() : undefined;
  const fallback = action ? t(`button.${action}`, { ns: 'admin', defaultValue: menu.title }) : menu.title;
  return t(`menu.${menu.name.replace(/\//g, '_')}`, { ns: 'admin', defaultValue: fallback });
}
