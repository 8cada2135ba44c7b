/**
 * E-mail and SMS codes (decision 010): limits, storage (hash only), checking and consumption.
 * Delivery is the routes' part; this file never sees a transport.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { CodeEvent } from '@framecraft/contracts/validation';
import { and, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../shared/errors.ts';
import { verificationCode } from './tables.ts';

export const CODE_TTL_SECONDS = 600;
export const RESEND_SECONDS = 60;
/** Codes per address and per IP within 24 hours. */
export const DAILY_LIMIT_PER_TARGET = 10;
export const DAILY_LIMIT_PER_IP = 30;
/** Wrong tries after which a code is void. */
export const MAX_WRONG_TRIES = 5;

export type CodeChannel = 'email' | 'mobile';

export interface CodeAddress {
  channel: CodeChannel;
  /** E-mail (lower-cased by the caller's schema) or mobile number. */
  target: string;
  event: CodeEvent;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const hashCode = (address: CodeAddress, code: string) =>
  createHash('sha256').update(`${address.channel}:${address.target}:${address.event}:${code}`).digest('hex');

/** A normalised address: e-mail addresses compare case-insensitively. */
export const normaliseTarget = (channel: CodeChannel, target: string) => (channel === 'email' ? target.trim().toLowerCase() : target.trim());

/**
 * Reserve a new code for an address after checking the limits (60 s between sends to an address,
 * daily caps per address and per IP); concurrent requests for one address are serialised by an
 * advisory lock. `deliver: false` records a void code: the limits apply the same way, but nothing
 * can ever be verified with it (used when sending would tell whether an account exists).
 */
export async function reserveCode(db: Db, address: CodeAddress, ip: string, { deliver }: { deliver: boolean }) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`code:${address.channel}:${address.target}`}))`);
    const since = sql`now() - interval '1 day'`;
    const forTarget = and(eq(verificationCode.channel, address.channel), eq(verificationCode.target, address.target), gt(verificationCode.createdAt, since));
    const [last] = await tx
      .select({ age: sql<number>`extract(epoch from now() - ${verificationCode.createdAt})::float` })
      .from(verificationCode)
      .where(forTarget)
      .orderBy(desc(verificationCode.createdAt))
      .limit(1);
    if (last && last.age < RESEND_SECONDS) {
      throw new ApiError('verify.codeTooFrequent', { params: { seconds: Math.max(1, Math.ceil(RESEND_SECONDS - last.age)) } });
    }
    const count = async (where: ReturnType<typeof and>) =>
      (await tx.select({ n: sql<number>`count(*)::int` }).from(verificationCode).where(where))[0]!.n;
    if ((await count(forTarget)) >= DAILY_LIMIT_PER_TARGET || (await count(and(eq(verificationCode.ip, ip), gt(verificationCode.createdAt, since)))) >= DAILY_LIMIT_PER_IP) {
      throw new ApiError('verify.codeDailyLimit');
    }
    const [row] = await tx
      .insert(verificationCode)
      .values({
        ...address,
        codeHash: hashCode(address, code),
        status: deliver ? 'pending' : 'void',
        ip: ip.slice(0, 50),
        expiresAt: sql`now() + make_interval(secs => ${CODE_TTL_SECONDS})`,
      })
      .returning({ id: verificationCode.id });
    return row!.id;
  });
  return { id, code };
}

/** The message went out: this code becomes usable and earlier codes for the same purpose stop working. */
export async function markSent(db: Db, id: number, address: CodeAddress): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(verificationCode)
      .set({ status: 'void' })
      .where(
        and(
          eq(verificationCode.channel, address.channel),
          eq(verificationCode.target, address.target),
          eq(verificationCode.event, address.event),
          eq(verificationCode.status, 'sent'),
          ne(verificationCode.id, id),
        ),
      );
    await tx.update(verificationCode).set({ status: 'sent' }).where(eq(verificationCode.id, id));
  });
}

/** Sending failed: the reservation disappears, as if nothing had happened. */
export async function dropReservation(db: Db, id: number): Promise<void> {
  await db.delete(verificationCode).where(and(eq(verificationCode.id, id), inArray(verificationCode.status, ['pending'])));
}

/**
 * Check a code without using it up; returns its id for `consumeCode`. Every try is counted BEFORE
 * the comparison, in one conditional update (`attempts < MAX_WRONG_TRIES`), so however many
 * guesses arrive at once, at most `MAX_WRONG_TRIES` are ever compared with the stored hash. The
 * count is saved at once, outside any caller's transaction; a right code gives its try back, a
 * wrong one that used the last try voids the code.
 */
export async function checkCode(db: Db, address: CodeAddress, code: string): Promise<number> {
  const live = and(
    eq(verificationCode.channel, address.channel),
    eq(verificationCode.target, address.target),
    eq(verificationCode.event, address.event),
    eq(verificationCode.status, 'sent'),
    gt(verificationCode.expiresAt, sql`now()`),
  );
  const [latest] = await db.select({ id: verificationCode.id }).from(verificationCode).where(live).orderBy(desc(verificationCode.id)).limit(1);
  if (!latest) throw new ApiError('verify.codeInvalid');
  // Claim a try: the row's own lock serialises concurrent claims, and the guard refuses the sixth.
  const [claimed] = await db
    .update(verificationCode)
    .set({ attempts: sql`${verificationCode.attempts} + 1` })
    .where(and(eq(verificationCode.id, latest.id), live, lt(verificationCode.attempts, MAX_WRONG_TRIES)))
    .returning({ id: verificationCode.id, codeHash: verificationCode.codeHash, attempts: verificationCode.attempts });
  if (!claimed) throw new ApiError('verify.codeInvalid');
  const expected = Buffer.from(claimed.codeHash, 'hex');
  const given = Buffer.from(hashCode(address, code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    if (claimed.attempts >= MAX_WRONG_TRIES) {
      await db.update(verificationCode).set({ status: 'void' }).where(and(eq(verificationCode.id, claimed.id), eq(verificationCode.status, 'sent')));
    }
    throw new ApiError('verify.codeInvalid');
  }
  await db
    .update(verificationCode)
    .set({ attempts: sql`greatest(${verificationCode.attempts} - 1, 0)` })
    .where(eq(verificationCode.id, claimed.id));
  return claimed.id;
}

/** Use a checked code once; run it inside the caller's transaction so that a failed action keeps the code. */
export async function consumeCode(tx: Db | Tx, id: number): Promise<void> {
  const used = await tx
    .update(verificationCode)
    .set({ status: 'used', usedAt: sql`now()` })
    .where(and(eq(verificationCode.id, id), eq(verificationCode.status, 'sent'), gt(verificationCode.expiresAt, sql`now()`)))
    .returning({ id: verificationCode.id });
  if (!used.length) throw new ApiError('verify.codeInvalid');
}

/** Check and use in one go (callers without a transaction of their own). */
export async function useCode(db: Db, address: CodeAddress, code: string): Promise<void> {
  await consumeCode(db, await checkCode(db, address, code));
}
