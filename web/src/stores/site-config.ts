import { DEFAULT_ADMIN_PREFIX, STORAGE_KEY, UPLOAD_DEFAULTS } from '@framecraft/contracts/constants';
import { DEFAULT_CURRENCY, type CurrencyCode } from '@framecraft/contracts/money';
import type { PublicSite } from '@framecraft/contracts/site';
import { create } from 'zustand';

/** Site config of spec §3, as sent by GET /api/index/index (`site`, contracts), plus the client's own flag. */
export interface SiteConfig extends PublicSite {
  /** Initialisation flags: set once the init call has answered. */
  initialized: boolean;
  /** Back office only (`siteConfig` of `GET /admin/index/index`): the icon API host setting, '' = bundled icons only. */
  iconApiHost: string;
}

const defaults: SiteConfig = {
  siteName: '',
  recordNumber: '',
  version: '',
  cdnUrl: '',
  apiUrl: '',
  upload: { ...UPLOAD_DEFAULTS },
  headNav: [],
  adminPrefix: DEFAULT_ADMIN_PREFIX,
  currency: DEFAULT_CURRENCY,
  iconApiHost: '',
  initialized: false,
};

function readStored(): SiteConfig {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY.siteConfig);
    return raw ? { ...defaults, ...(JSON.parse(raw) as Partial<SiteConfig>), initialized: false } : defaults;
  } catch {
    return defaults;
  }
}

interface SiteConfigStore extends SiteConfig {
  apply(config: Partial<SiteConfig>): void;
}

export const useSiteConfig = create<SiteConfigStore>((set, get) => ({
  ...readStored(),
  apply(config) {
    set({ ...config, initialized: true });
    const { apply: _apply, initialized: _initialized, ...stored } = get();
    globalThis.localStorage?.setItem(STORAGE_KEY.siteConfig, JSON.stringify(stored));
  },
}));

/** The shop currency, for `formatPrice(cents, currency)` and the currency symbol. */
export const useCurrency = (): CurrencyCode => useSiteConfig((state) => state.currency);
