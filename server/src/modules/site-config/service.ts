import { ACCESS_TOKEN_TTL_S, DEFAULT_ADMIN_PREFIX, REFRESH_TOKEN_TTL_S, UPLOAD_DEFAULTS } from '@framecraft/contracts/constants';
import { currencyOf } from '@framecraft/contracts/money';
import type { PublicSite } from '@framecraft/contracts/site';
import { normaliseAdminPrefix } from '@framecraft/contracts/url';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Broadcast } from '../../shared/broadcast.ts';
import { config } from './tables.ts';
import { SETTING_DEFAULTS } from './settings.ts';

/** The site part of the init calls (conventions "Init calls"); the answer type lives in contracts (decision 033). */
export type { PublicSite };

/** Every instance drops its settings cache on this broadcast (decision 021). */
const CHANGED = 'config:changed';

/**
 * Site settings with a read-through cache of all rows. A change is broadcast, so every instance
 * drops its cache at once (over Redis when configured).
 */
export class SiteConfigService {
  private cache: Promise<Map<string, unknown>> | undefined;
  private adminPrefixSnapshot = DEFAULT_ADMIN_PREFIX;

  constructor(
    private readonly db: Db,
    private readonly broadcast: Broadcast,
  ) {}

  /**
   * All settings by name (cached). The promise itself is cached, so concurrent readers share one
   * query, and an invalidation during a load simply makes the next read load again.
   */
  all(): Promise<Map<string, unknown>> {
    if (!this.cache) {
      const load = this.db
        .select({ name: config.name, value: config.value })
        .from(config)
        .then((rows) => new Map(rows.map((r) => [r.name, r.value])));
      void load.then((settings) => (this.adminPrefixSnapshot = normaliseAdminPrefix(settings.get('backendEntrance'))), () => {});
      this.cache = load;
      // A failed load is not cached: the next read tries again.
      load.catch(() => {
        if (this.cache === load) this.cache = undefined;
      });
    }
    return this.cache;
  }

  /** A setting's value, or its seeded default when the row is missing. */
  async get(name: string): Promise<unknown> {
    const values = await this.all();
    return values.has(name) ? values.get(name) : SETTING_DEFAULTS.get(name);
  }

  async string(name: string): Promise<string> {
    const value = await this.get(name);
    return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  }

  /** A positive number setting; anything else falls back to `fallback`. */
  async number(name: string, fallback: number): Promise<number> {
    const value = Number(await this.get(name));
    return Number.isFinite(value) && value > 0 ? value : fallback;
  }

  /** Change existing settings (one transaction), then invalidate everywhere. Unknown names are a programming error. */
  async set(changes: Record<string, unknown>): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const [name, value] of Object.entries(changes)) {
        const updated = await tx
          .update(config)
          .set({ value, updatedAt: new Date() })
          .where(eq(config.name, name))
          .returning({ name: config.name });
        if (updated.length === 0) throw new Error(`Unknown setting: ${name}`);
      }
    });
    await this.changed();
  }

  /** Call after writing the config table by other means (e.g. the back office's generic CRUD). */
  async changed(): Promise<void> {
    // This instance's cache is dropped synchronously by the publish; the others' over Redis.
    await this.broadcast.publish(CHANGED);
    // Loaded again at once, so the synchronous back-office prefix is current when set() returns.
    await this.all();
  }

  /** Drop this instance's cache (and load it again soon: the back-office prefix is read synchronously). */
  invalidate(): void {
    this.cache = undefined;
    setImmediate(() => void this.all().catch(() => {}));
  }

  /**
   * The back-office prefix as last loaded (setting backendEntrance, normalised), for the URL
   * rewrite that runs before any asynchronous work of a request (decision 009).
   */
  get adminPrefixNow(): string {
    return this.adminPrefixSnapshot;
  }

  /** Listen for changes made by any instance. */
  async start(): Promise<void> {
    await this.broadcast.subscribe(CHANGED, () => this.invalidate());
  }

  async publicSite(): Promise<PublicSite> {
    return {
      siteName: await this.string('siteName'),
      recordNumber: await this.string('recordNumber'),
      version: await this.string('version'),
      cdnUrl: await this.string('cdnUrl'),
      apiUrl: await this.string('apiUrl'),
      upload: {
        mode: (await this.string('uploadMode')) || UPLOAD_DEFAULTS.mode,
        maxSize: await this.number('uploadMaxSize', UPLOAD_DEFAULTS.maxSize),
        saveName: (await this.string('uploadSaveName')) || UPLOAD_DEFAULTS.saveName,
        allowedSuffixes: await this.string('uploadAllowedSuffixes'),
        allowedMimeTypes: await this.string('uploadAllowedMimeTypes'),
      },
      // Filled from the member rule tree (type 'nav') once that exists.
      headNav: [],
      adminPrefix: normaliseAdminPrefix(await this.get('backendEntrance')),
      currency: currencyOf(await this.get('currency')),
    };
  }

  /** Token lifetimes in seconds (settings tokenKeepTime / refreshTokenKeepTime). */
  async tokenKeepTimes(): Promise<{ access: number; refresh: number }> {
    return {
      access: await this.number('tokenKeepTime', ACCESS_TOKEN_TTL_S),
      refresh: await this.number('refreshTokenKeepTime', REFRESH_TOKEN_TTL_S),
    };
  }
}
