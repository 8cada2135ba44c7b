import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/client.ts';
import { captcha } from './tables.ts';

/** What is kept of a captcha: the image size and the targets in click order. */
export interface CaptchaAnswer {
  width: number;
  height: number;
  targets: { x: number; y: number; r: number }[];
}

/** Where answers live; every instance of the app must see the same store. */
export interface CaptchaStore {
  save(id: string, answer: CaptchaAnswer, ttlSeconds: number): Promise<void>;
  /** The unexpired answer, left in place. */
  peek(id: string): Promise<CaptchaAnswer | undefined>;
  /** The unexpired answer, removed in the same step so that it can be used once only. */
  take(id: string): Promise<CaptchaAnswer | undefined>;
}

export class DatabaseCaptchaStore implements CaptchaStore {
  constructor(private readonly db: Db) {}

  async save(id: string, answer: CaptchaAnswer, ttlSeconds: number) {
    const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
    // Expired rows go when new ones come, so the table stays small without a timer.
    await this.db.delete(captcha).where(lt(captcha.expiresAt, sql`now()`));
    await this.db
      .insert(captcha)
      .values({ key: id, answer, expiresAt })
      .onConflictDoUpdate({ target: captcha.key, set: { answer, expiresAt, createdAt: sql`now()` } });
  }

  async peek(id: string) {
    const [row] = await this.db
      .select({ answer: captcha.answer })
      .from(captcha)
      .where(and(eq(captcha.key, id), gt(captcha.expiresAt, sql`now()`)));
    return row?.answer as CaptchaAnswer | undefined;
  }

  async take(id: string) {
    const [row] = await this.db.delete(captcha).where(eq(captcha.key, id)).returning();
    return row && row.expiresAt.getTime() > Date.now() ? (row.answer as CaptchaAnswer) : undefined;
  }
}

export class RedisCaptchaStore implements CaptchaStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(id: string) {
    return `${this.prefix}captcha:${id}`;
  }

  async save(id: string, answer: CaptchaAnswer, ttlSeconds: number) {
    await this.redis.set(this.key(id), JSON.stringify(answer), 'EX', ttlSeconds);
  }

  async peek(id: string) {
    const raw = await this.redis.get(this.key(id));
    return raw ? (JSON.parse(raw) as CaptchaAnswer) : undefined;
  }

  async take(id: string) {
    const raw = await this.redis.getdel(this.key(id));
    return raw ? (JSON.parse(raw) as CaptchaAnswer) : undefined;
  }
}

/**
 * Redis while it answers, the database while it does not (decision 048): a captcha drawn during a
 * Redis outage is kept in the database, and one is looked up in both, so a login keeps working.
 */
export class FallbackCaptchaStore implements CaptchaStore {
  constructor(
    private readonly redis: Redis,
    private readonly shared: CaptchaStore,
    private readonly database: CaptchaStore,
  ) {}

  async save(id: string, answer: CaptchaAnswer, ttlSeconds: number) {
    if (this.redis.status === 'ready') {
      try {
        return await this.shared.save(id, answer, ttlSeconds);
      } catch {
        // Fall through to the database.
      }
    }
    await this.database.save(id, answer, ttlSeconds);
  }

  peek(id: string) {
    return this.find(id, (store) => store.peek(id));
  }

  take(id: string) {
    return this.find(id, (store) => store.take(id));
  }

  private async find(id: string, read: (store: CaptchaStore) => Promise<CaptchaAnswer | undefined>) {
    if (this.redis.status === 'ready') {
      try {
        const found = await read(this.shared);
        if (found) return found;
      } catch {
        // Look in the database.
      }
    }
    return read(this.database);
  }
}
