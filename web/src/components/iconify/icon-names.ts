import { ICON_LIBRARY } from '@framecraft/contracts/constants';

/**
 * Icon names and the icon API configuration (spec §9, conventions "Icons", decision 046).
 * Pure: no Iconify import, so the mapping and the config are unit-tested without a browser.
 */

/** Icon sets bundled with the app (JSON from `@iconify-json/*`, lazily imported): they never need a host. */
export const BUNDLED_ICON_SETS = ['ant-design', 'ep'] as const;
export type BundledIconSet = (typeof BUNDLED_ICON_SETS)[number];

const ICONIFY_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*:[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** `DashboardOutlined` → `dashboard`, `ArrowUp` → `arrow-up`, `Icon2Fill` → `icon2-fill`. */
function kebab(pascal: string): string {
  return pascal
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1-$2')
    .toLowerCase();
}

const ANT_SUFFIX: Record<string, string> = { Outlined: 'outlined', Filled: 'filled', TwoTone: 'twotone' };

/**
 * The Iconify name (`prefix:name`) of a stored icon name, or '' when it names none:
 * - an Iconify name stays as it is (`ant-design:home-outlined`, `mdi:home`);
 * - Ant Design component names of the menus seeded before the icon library
 *   (`DashboardOutlined`, `CrownFilled`, `CheckCircleTwoTone`) → `ant-design:dashboard-outlined` …;
 * - BuildAdmin's names: `el-icon-Setting` (Element Plus) → `ep:setting`, `fa fa-user` → `fa:user`
 *   (Font Awesome 4, not bundled: shown only through an icon API host), `iconfont icon-x` → ''.
 */
export function toIconifyName(stored: string | null | undefined): string {
  const name = (stored ?? '').trim();
  if (!name) return '';
  if (ICONIFY_NAME.test(name)) return name;
  const ant = /^([A-Z][A-Za-z0-9]*?)(Outlined|Filled|TwoTone)$/.exec(name);
  if (ant) return `ant-design:${kebab(ant[1]!)}-${ANT_SUFFIX[ant[2]!]}`;
  const element = /^el-icon-([A-Za-z0-9]+)$/.exec(name);
  if (element) return `ep:${kebab(element[1]!)}`;
  const fontAwesome = /^fa\s+fa-([a-z0-9-]+)$/.exec(name);
  if (fontAwesome) return `fa:${fontAwesome[1]}`;
  return '';
}

/** The icon set (`prefix`) of an Iconify name. */
export function iconPrefix(iconifyName: string): string {
  return iconifyName.slice(0, Math.max(0, iconifyName.indexOf(':')));
}

export function isBundledSet(prefix: string): prefix is BundledIconSet {
  return (BUNDLED_ICON_SETS as readonly string[]).includes(prefix);
}

/** Configuration of Iconify's API provider (the `addAPIProvider` argument). */
export interface IconApiConfig {
  resources: string[];
  maxURL: number;
  rotate: number;
  timeout: number;
}

/**
 * The icon API configuration for the setting `iconApiHost` (one origin, or several separated by
 * commas or spaces, tried in turn), or null when it is empty: then icons come only from the bundled
 * sets and nothing is requested from any host. The three numbers are spec §9's, exactly.
 */
export function iconApiConfig(setting: string | null | undefined): IconApiConfig | null {
  const resources: string[] = [];
  for (const part of (setting ?? '').split(/[\s,]+/)) {
    if (!part) continue;
    let url: URL;
    try {
      url = new URL(part);
    } catch {
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    const base = `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
    if (!resources.includes(base)) resources.push(base);
  }
  if (!resources.length) return null;
  return { resources, maxURL: ICON_LIBRARY.requestUrlLimit, rotate: ICON_LIBRARY.rotateMs, timeout: ICON_LIBRARY.timeoutMs };
}

/**
 * Iconify counts each comma between icon names as one character when it splits requests at
 * `maxURL`, but then writes the list through URLSearchParams, which sends `%2C` (three): a full
 * request came out at 502 characters. Commas are valid in a query, so the client sends them as
 * they are and every request URL stays within the 500 it was cut for.
 */
export function plainCommas(url: string): string {
  return url.replace(/%2C/gi, ',');
}
