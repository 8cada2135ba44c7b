import { _api, addAPIProvider, addCollection, iconLoaded, loadIcons } from '@iconify/react';
import type { IconifyJSON } from '@iconify/types';
import { BUNDLED_ICON_SETS, iconApiConfig, iconPrefix, isBundledSet, plainCommas, type BundledIconSet } from './icon-names.ts';

/**
 * The one Iconify client of the web app (decision 046). Bundled sets are imported lazily (their JSON
 * is its own chunk, fetched from our origin); other sets are asked from the icon API host only when
 * the setting `iconApiHost` names one — otherwise such an icon is simply shown as missing, so no
 * request ever leaves for Iconify's public API or any other host.
 */

const SET_LOADERS: Record<BundledIconSet, () => Promise<IconifyJSON>> = {
  'ant-design': () => import('@iconify-json/ant-design/icons.json').then((module) => module.default as IconifyJSON),
  ep: () => import('@iconify-json/ep/icons.json').then((module) => module.default as IconifyJSON),
};

const sets = new Map<BundledIconSet, Promise<IconifyJSON>>();

/** Load a bundled icon set once and register it with Iconify; resolves with its data. */
export function loadIconSet(prefix: BundledIconSet): Promise<IconifyJSON> {
  let pending = sets.get(prefix);
  if (!pending) {
    pending = SET_LOADERS[prefix]().then((data) => {
      addCollection(data);
      return data;
    });
    pending.catch(() => sets.delete(prefix));
    sets.set(prefix, pending);
  }
  return pending;
}

/** Names of a bundled set's visible icons (no hidden ones), sorted. */
export async function iconSetNames(prefix: BundledIconSet): Promise<string[]> {
  const data = await loadIconSet(prefix);
  return Object.entries(data.icons)
    .filter(([, icon]) => !icon.hidden)
    .map(([name]) => name)
    .sort();
}

let apiConfigured = false;

/**
 * Point Iconify at the icon API host of the settings. The first non-empty setting wins for this
 * page load (Iconify keeps one redundancy queue per provider; a changed host applies on the next
 * load of the back office). Empty: no API at all.
 */
export function configureIconApi(setting: string): void {
  if (apiConfigured) return;
  const config = iconApiConfig(setting);
  if (!config) return;
  _api.setFetch((input: RequestInfo | URL, init?: RequestInit) => fetch(typeof input === 'string' ? plainCommas(input) : input, init));
  addAPIProvider('', config);
  apiConfigured = true;
}

export function iconApiEnabled(): boolean {
  return apiConfigured;
}

export type IconState = 'loading' | 'loaded' | 'missing';

/**
 * Make an icon's data available: from its bundled set, else from the icon API host when one is
 * set. Resolves with the outcome (a host that does not answer is given up by Iconify's own
 * timeout; the icon is then missing).
 */
export async function ensureIcon(iconifyName: string): Promise<Exclude<IconState, 'loading'>> {
  if (!iconifyName) return 'missing';
  if (iconLoaded(iconifyName)) return 'loaded';
  const prefix = iconPrefix(iconifyName);
  if (isBundledSet(prefix)) {
    await loadIconSet(prefix);
    return iconLoaded(iconifyName) ? 'loaded' : 'missing';
  }
  if (!apiConfigured) return 'missing';
  return new Promise((resolve) => {
    loadIcons([iconifyName], (_loaded, _missing, pending) => {
      if (pending.length) return;
      resolve(iconLoaded(iconifyName) ? 'loaded' : 'missing');
    });
  });
}

export { BUNDLED_ICON_SETS };
