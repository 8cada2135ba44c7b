import type { TokenType } from '@framecraft/contracts/constants';
import { and, eq, gt, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { token } from './tables.ts';
import type { AccountLookups, AdminRow, MemberRow, SessionContext } from './accounts.ts';

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
/** A login session's id: its access and refresh tokens share it (decision 028). */
const newFamily = () => randomBytes(16).toString('hex');

export type TokenLookup = { state: 'valid'; ownerId: number } | { state: 'expired' } | { state: 'unknown' };

export interface IssuedTokens {
  token: string;
  /** '' unless "keep me logged in" was chosen. */
  refreshToken: string;
}

type KeepTimes = () => Promise<{ access: number; refresh: number }>;

/**
 * Session tokens of both contexts (conventions "Tokens"). Keep times come from the site settings;
 * the accounts behind the tokens are found through their owners' lookups (`AccountLookups`).
 */
export class TokenService {
  constructor(
    private readonly db: Db,
    private readonly keepTimes: KeepTimes,
    private readonly accounts: AccountLookups,
  ) {}

  /** An enabled member by id; disabled or missing accounts are treated as unknown. */
  enabledMember(id: number): Promise<MemberRow | undefined> {
    return this.accounts.member(this.db, id);
  }

  /** An enabled admin by id; disabled or missing accounts are treated as unknown. */
  enabledAdmin(id: number): Promise<AdminRow | undefined> {
    return this.accounts.admin(this.db, id);
  }

  private async isEnabledAccount(context: SessionContext, id: number): Promise<boolean> {
    return Boolean(context === 'admin' ? await this.enabledAdmin(id) : await this.enabledMember(id));
  }

  /** A new access token, plus a refresh token when the user asked to stay logged in. */
  async issue(context: SessionContext, ownerId: number, options: { keep?: boolean } = {}): Promise<IssuedTokens> {
    const keep = await this.keepTimes();
    const family = newFamily();
    const issued: IssuedTokens = { token: await this.insert(ACCESS_TYPE[context], ownerId, keep.access, family), refreshToken: '' };
    if (options.keep) issued.refreshToken = await this.insert(REFRESH_TYPE[context], ownerId, keep.refresh, family);
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
   * Exchange a refresh token (decision 028): a valid, unused refresh token of either context whose
   * owner is still enabled gives a new access token AND a new refresh token of the same session
   * family (with the old one's expiry: a session never outlives its login's keep time); the
   * presented one is marked used in the same conditional update, so two exchanges of one token
   * cannot both succeed. Presenting a used refresh token again means it was copied: the whole
   * family (every access and refresh token of that login) ends. Undefined whenever refused.
   */
  async refresh(raw: string): Promise<{ type: TokenType; context: SessionContext; ownerId: number; token: string; refreshToken: string } | undefined> {
    const hashed = hashToken(raw);
    const [claimed] = await this.db
      .update(token)
      .set({ usedAt: sql`now()` })
      .where(and(eq(token.tokenHash, hashed), inArray(token.type, REFRESH_TYPES), isNull(token.usedAt), gt(token.expiresAt, sql`now()`)))
      .returning({ type: token.type, ownerId: token.ownerId, family: token.family, expiresAt: token.expiresAt });
    if (!claimed) {
      const [reused] = await this.db
        .select({ family: token.family })
        .from(token)
        .where(and(eq(token.tokenHash, hashed), inArray(token.type, REFRESH_TYPES), sql`${token.usedAt} is not null`))
        .limit(1);
      if (reused) await this.db.delete(token).where(reused.family ? eq(token.family, reused.family) : eq(token.tokenHash, hashed));
      return undefined;
    }
    const context: SessionContext = claimed.type === REFRESH_TYPE.admin ? 'admin' : 'user';
    if (!(await this.isEnabledAccount(context, claimed.ownerId))) return undefined;
    const keep = await this.keepTimes();
    const family = claimed.family || newFamily();
    const access = await this.insert(ACCESS_TYPE[context], claimed.ownerId, keep.access, family);
    const refreshToken = await this.insert(REFRESH_TYPE[context], claimed.ownerId, 0, family, claimed.expiresAt);
    return { type: REFRESH_TYPE[context], context, ownerId: claimed.ownerId, token: access, refreshToken };
  }

  /**
   * Logout: end the session of a presented access token — every token of its family, the refresh
   * token included, without the client having to send it. A token from before families existed
   * ends alone.
   */
  async endSession(context: SessionContext, rawAccess: string, ownerId: number): Promise<void> {
    const hashed = hashToken(rawAccess);
    const [row] = await this.db
      .select({ family: token.family })
      .from(token)
      .where(and(eq(token.tokenHash, hashed), eq(token.type, ACCESS_TYPE[context]), eq(token.ownerId, ownerId)))
      .limit(1);
    if (!row) return;
    await this.db
      .delete(token)
      .where(row.family ? and(eq(token.family, row.family), eq(token.ownerId, ownerId), inArray(token.type, [ACCESS_TYPE[context], REFRESH_TYPE[context]])) : eq(token.tokenHash, hashed));
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

  private async insert(type: TokenType, ownerId: number, keepSeconds: number, family = '', expiresAt?: Date): Promise<string> {
    const raw = newToken();
    await this.db.insert(token).values({
      tokenHash: hashToken(raw),
      type,
      ownerId,
      family,
      expiresAt: expiresAt ?? new Date(Date.now() + keepSeconds * 1000),
    });
    return raw;
  }
}

/** Log members out everywhere (access and refresh tokens), inside the caller's transaction — e.g. the back office disabled or deleted them. */
export async function revokeMemberTokens(db: Db, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.delete(token).where(and(inArray(token.ownerId, [...userIds]), inArray(token.type, [ACCESS_TYPE.user, REFRESH_TYPE.user])));
}

/** Log admins out everywhere (access and refresh tokens), inside the caller's transaction — the back office disabled, deleted or re-passworded them. */
export async function revokeAdminTokens(db: Db, adminIds: readonly number[]): Promise<void> {
  if (adminIds.length === 0) return;
  await db.delete(token).where(and(inArray(token.ownerId, [...adminIds]), inArray(token.type, [ACCESS_TYPE.admin, REFRESH_TYPE.admin])));
}

/**
 * A single-use proof token of one kind for an owner (e.g. member's `bind-email`: the bound address
 * was proven), stored as its digest and valid `ttlSeconds` by the database clock. One at a time per
 * owner and kind: an older one stops working. Runs in the caller's transaction.
 */
export async function issueProofToken(db: Db, proof: { ownerId: number; type: string; raw: string; ttlSeconds: number }): Promise<void> {
  await db.delete(token).where(and(eq(token.ownerId, proof.ownerId), eq(token.type, proof.type)));
  await db.insert(token).values({
    tokenHash: hashToken(proof.raw),
    type: proof.type,
    ownerId: proof.ownerId,
    expiresAt: sql`now() + make_interval(secs => ${proof.ttlSeconds})`,
  });
}

/** Use up a proof token: true when it was the owner's unexpired one of that kind (it is deleted), false otherwise. */
export async function consumeProofToken(db: Db, proof: { ownerId: number; type: string; raw: string }): Promise<boolean> {
  const used = await db
    .delete(token)
    .where(
      and(
        eq(token.tokenHash, hashToken(proof.raw)),
        eq(token.type, proof.type),
        eq(token.ownerId, proof.ownerId),
        gt(token.expiresAt, sql`now()`),
      ),
    )
    .returning({ ownerId: token.ownerId });
  return used.length > 0;
}
