import type { TFunction } from 'i18next';
import type { AdminMenu } from './menus-store.ts';

/** Seeded rules are translated by name (`menu.<name>`); rules an admin added show their own title. */
export function menuTitle(t: TFunction, menu: Pick<AdminMenu, 'name' | 'title'>): string {
  return t(`menu.${menu.name.replace(/\//g, '_')}`, { ns: 'admin', defaultValue: menu.title });
}
