import { DEFAULT_ADMIN_PREFIX, STORAGE_KEY, UPLOAD_DEFAULTS } from '@framecraft/contracts/constants';
import { DEFAULT_CURRENCY, type CurrencyCode } from '@framecraft/contracts/money';
import { create } from 'zustand';

/** Site config of spec §3, as sent by GET /api/index/index (`site`). */
export interface SiteConfig {
  siteName: string;
  recordNumber: string;
  version: string;
  cdnUrl: string;
  apiUrl: string;
  upload: {
    mode: string;
    maxSize: number;
    saveName: string;
    allowedSuffixes: string;
    allowedMimeTypes: string;
  };
  headNav: unknown[];
  /** Admin entry path prefix (backendEntrance); '/admin' unless renamed. */
  adminPrefix: string;
  /** The shop currency (setting `currency`): the symbol amounts are shown with. */
  currency: CurrencyCode;
  /** Initialisation flags: set once the init call has answered. */
  initialized: boolean;
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
