import type { TokenType } from '@framecraft/contracts/constants';
import { and, eq, inArray, lt, notInArray, or } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { token } from '../../db/schema.ts';
import { isEnabledAccount, type SessionContext } from './accounts.ts';

export const ACCESS_TYPE = { admin: 'admin', user: 'user' } as const satisfies Record<SessionContext, TokenType>;
export const REFRESH_TYPE = { admin: 'admin-refresh', user: 'user-refresh' } as const satisfies Record<
  SessionContext,
  TokenType
>;
const ACCESS_TYPES = Object.values(ACCESS_TYPE);
const REFRESH_TYPES = Object.values(REFRESH_TYPE);

/** Only this digest is stored; the raw token exists only on the client. */
export const hashToken = (raw: string) => createHash('sha256').update(raw).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

export type TokenLookup = { state: 'valid'; ownerId: number } | { state: 'expired' } | { state: 'unknown' };

export interface IssuedTokens {
  token: string;
  /** '' unless "keep me logged in" was chosen. */
  refreshToken: string;
}

type KeepTimes = () => Promise<{ access: number; refresh: number }>;

/** Session tokens of both contexts (conventions "Tokens"). Keep times come from the site settings. */
export class TokenService {
  constructor(
    private readonly db: Db,
    private readonly keepTimes: KeepTimes,
  ) {}

  /** A new access token, plus a refresh token when the user asked to stay logged in. */
  async issue(context: SessionContext, ownerId: number, options: { keep?: boolean } = {}): Promise<IssuedTokens> {
    const keep = await this.keepTimes();
    const issued: IssuedTokens = { token: await this.insert(ACCESS_TYPE[context], ownerId, keep.access), refreshToken: '' };
    if (options.keep) issued.refreshToken = await this.insert(REFRESH_TYPE[context], ownerId, keep.refresh);
    return issued;
  }

  /** What a presented token of the given type stands for. */
  async resolve(type: TokenType, raw: string): Promise<TokenLookup> {
    const [row] = await this.db
      .select({ ownerId: token.ownerId, expiresAt: token.expiresAt })
      .from(token)
      .where(and(eq(token.tokenHash, hashToken(raw)), eq(token.type, type)))
      .limit(1);
    if (!row) return { state: 'unknown' };
    if (row.expiresAt.getTime() <= Date.now()) return { state: 'expired' };
    return { state: 'valid', ownerId: row.ownerId };
  }

  /**
   * A new access token for a valid refresh token of either context, whose owner is still enabled;
   * undefined otherwise. The refresh token itself stays as it is (it keeps its own expiry).
   */
  async refresh(raw: string): Promise<{ type: TokenType; context: SessionContext; ownerId: number; token: string } | undefined> {
    const [row] = await this.db
      .select({ type: token.type, ownerId: token.ownerId, expiresAt: token.expiresAt })
      .from(token)
      .where(and(eq(token.tokenHash, hashToken(raw)), inArray(token.type, REFRESH_TYPES)))
      .limit(1);
    if (!row || row.expiresAt.getTime() <= Date.now()) return undefined;
    const context: SessionContext = row.type === REFRESH_TYPE.admin ? 'admin' : 'user';
    if (!(await isEnabledAccount(this.db, context, row.ownerId))) return undefined;
    const keep = await this.keepTimes();
    const access = await this.insert(ACCESS_TYPE[context], row.ownerId, keep.access);
    return { type: REFRESH_TYPE[context], context, ownerId: row.ownerId, token: access };
  }

  /** Forget one token; with `ownerId`, only when it belongs to that owner. */
  async revoke(raw: string, type: TokenType, ownerId?: number): Promise<void> {
    const conditions = [eq(token.tokenHash, hashToken(raw)), eq(token.type, type)];
    if (ownerId !== undefined) conditions.push(eq(token.ownerId, ownerId));
    await this.db.delete(token).where(and(...conditions));
  }

  /** Log an owner out everywhere in a context (e.g. after a password change); `db` may be a caller's transaction. */
  async revokeAll(context: SessionContext, ownerId: number, db: Db = this.db): Promise<void> {
    await db
      .delete(token)
      .where(and(eq(token.ownerId, ownerId), inArray(token.type, [ACCESS_TYPE[context], REFRESH_TYPE[context]])));
  }

  /**
   * Delete tokens nobody can use any more. An expired access token is kept for one refresh keep
   * time, so that it still answers 409 (refresh) rather than 303 (log in again) to a client that
   * holds a valid refresh token.
   */
  async purgeExpired(): Promise<number> {
    const keep = await this.keepTimes();
    const now = Date.now();
    const deleted = await this.db
      .delete(token)
      .where(
        or(
          and(inArray(token.type, REFRESH_TYPES), lt(token.expiresAt, new Date(now))),
          and(inArray(token.type, ACCESS_TYPES), lt(token.expiresAt, new Date(now - keep.refresh * 1000))),
          // Short-lived proofs of other features (e.g. the member's bind-email / bind-mobile).
          and(notInArray(token.type, [...ACCESS_TYPES, ...REFRESH_TYPES]), lt(token.expiresAt, new Date(now))),
        ),
      )
      .returning({ tokenHash: token.tokenHash });
    return deleted.length;
  }

  private async insert(type: TokenType, ownerId: number, keepSeconds: number): Promise<string> {
    const raw = newToken();
    await this.db.insert(token).values({
      tokenHash: hashToken(raw),
      type,
      ownerId,
      expiresAt: new Date(Date.now() + keepSeconds * 1000),
    });
    return raw;
  }
}
