import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { signingKey } from './tables.ts';

export interface SigningKey {
  id: number;
  secret: Buffer;
}

/** How long this instance keeps signing with the key it read, so a rotation elsewhere is picked up. */
const CURRENT_TTL_MS = 60_000;

/**
 * The server's HMAC secrets of one purpose (decision 024), from the `signing_key` table: created on
 * first use, cached, looked up by id when verifying. Rotation adds a key and retires the old one,
 * which keeps verifying (its links expire on their own); deleting a row revokes its links at once.
 */
export class SigningKeys {
  private current: { key: SigningKey; until: number } | undefined;
  private readonly known = new Map<number, Buffer>();

  constructor(
    private readonly db: Db,
    private readonly purpose: string,
  ) {}

  /** The key that signs new tokens. */
  async signer(): Promise<SigningKey> {
    if (this.current && this.current.until > Date.now()) return this.current.key;
    const found = await this.latest();
    const key = found ?? (await this.create());
    this.known.set(key.id, key.secret);
    this.current = { key, until: Date.now() + CURRENT_TTL_MS };
    return key;
  }

  /** The secret of key `id`, or undefined when there is no such key (never made, or revoked). */
  async secret(id: number): Promise<Buffer | undefined> {
    const cached = this.known.get(id);
    if (cached) return cached;
    const [row] = await this.db
      .select({ secret: signingKey.secret })
      .from(signingKey)
      .where(and(eq(signingKey.id, id), eq(signingKey.purpose, this.purpose)));
    if (!row) return undefined;
    const secret = Buffer.from(row.secret, 'hex');
    this.known.set(id, secret);
    return secret;
  }

  /** Retires the signing key and starts a new one (links signed before stay valid until they expire). */
  async rotate(): Promise<SigningKey> {
    await this.db
      .update(signingKey)
      .set({ retiredAt: new Date() })
      .where(and(eq(signingKey.purpose, this.purpose), isNull(signingKey.retiredAt)));
    const key = await this.create();
    this.known.set(key.id, key.secret);
    this.current = { key, until: Date.now() + CURRENT_TTL_MS };
    return key;
  }

  /** Forgets cached keys (after a revocation by deleting rows). */
  clear() {
    this.current = undefined;
    this.known.clear();
  }

  private async latest(): Promise<SigningKey | undefined> {
    const [row] = await this.db
      .select({ id: signingKey.id, secret: signingKey.secret })
      .from(signingKey)
      .where(and(eq(signingKey.purpose, this.purpose), isNull(signingKey.retiredAt)))
      .orderBy(desc(signingKey.id))
      .limit(1);
    return row ? { id: row.id, secret: Buffer.from(row.secret, 'hex') } : undefined;
  }

  // Two instances starting at once may each create one: both keys are valid, the newest signs.
  private async create(): Promise<SigningKey> {
    const secret = randomBytes(32);
    const [row] = await this.db
      .insert(signingKey)
      .values({ purpose: this.purpose, secret: secret.toString('hex') })
      .returning({ id: signingKey.id });
    return { id: row!.id, secret };
  }
}
