/**
 * Changing a member's bound e-mail or mobile (spec §7 `verification`, `changeBind`): first a code
 * sent to the bound address proves the member still owns it and buys a short-lived token; then a
 * code sent to the new address binds it. A member with nothing bound skips the first step.
 */
import type { VerificationChannel } from '@framecraft/contracts/validation';
import { and, eq, gt, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { token, user } from '../../db/schema.ts';
import { ApiError, isUniqueViolation } from '../../shared/errors.ts';
import { checkCode, consumeCode } from '../codes/index.ts';
import type { MemberRow } from '../session/index.ts';
import { hashToken } from '../session/index.ts';

/** How long the proof of the bound address allows a change (seconds). */
export const BIND_TOKEN_TTL_SECONDS = 600;

const tokenType = (type: VerificationChannel) => `bind-${type}`;
const boundAddress = (row: MemberRow, type: VerificationChannel) => (type === 'email' ? row.email : row.mobile) ?? '';

/** `verification`: check the code sent to the bound address; answer the token that allows `changeBind`. */
export async function verifyBoundAddress(db: Db, row: MemberRow, type: VerificationChannel, code: string): Promise<string> {
  const current = boundAddress(row, type);
  if (!current) throw new ApiError('verify.nothingBound');
  const target = type === 'email' ? current.toLowerCase() : current;
  const codeId = await checkCode(db, { channel: type, target, event: `user_${type}_verify` }, code);
  const raw = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await consumeCode(tx, codeId);
    // One proof at a time per member and kind: an older one stops working.
    await tx.delete(token).where(and(eq(token.ownerId, row.id), eq(token.type, tokenType(type))));
    await tx.insert(token).values({
      tokenHash: hashToken(raw),
      type: tokenType(type),
      ownerId: row.id,
      expiresAt: sql`now() + make_interval(secs => ${BIND_TOKEN_TTL_SECONDS})`,
    });
  });
  return raw;
}

export interface BindChange {
  type: VerificationChannel;
  /** The new address (e-mail lower-cased). */
  address: string;
  captcha: string;
  accountVerificationToken: string;
}

/**
 * `changeBind`: bind the new address after its `user_change_<type>` code, all in one transaction
 * that locks the member row — the proof token, the code and the change are used together or not at all.
 */
export async function changeBoundAddress(db: Db, row: MemberRow, change: BindChange): Promise<MemberRow> {
  const { type, address } = change;
  const current = boundAddress(row, type);
  if (current && (type === 'email' ? current.toLowerCase() : current) === address) throw new ApiError('verify.sameAddress');
  if (current && !change.accountVerificationToken) throw new ApiError('verify.verifyFirst');
  const codeId = await checkCode(db, { channel: type, target: address, event: `user_change_${type}` }, change.captcha);
  try {
    return await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(user).where(eq(user.id, row.id)).for('update');
      if (!locked) throw new ApiError('verify.verifyFirst');
      if (boundAddress(locked, type)) {
        const used = await tx
          .delete(token)
          .where(
            and(
              eq(token.tokenHash, hashToken(change.accountVerificationToken)),
              eq(token.type, tokenType(type)),
              eq(token.ownerId, row.id),
              gt(token.expiresAt, sql`now()`),
            ),
          )
          .returning({ ownerId: token.ownerId });
        if (!used.length) throw new ApiError('verify.verifyFirst');
      }
      await consumeCode(tx, codeId);
      const [updated] = await tx
        .update(user)
        .set({ [type]: address, updatedAt: sql`now()` })
        .where(eq(user.id, row.id))
        .returning();
      return updated!;
    });
  } catch (error) {
    // Another member bound the address between the code and now (unique index).
    if (isUniqueViolation(error)) throw new ApiError(type === 'email' ? 'verify.emailTaken' : 'verify.mobileTaken');
    throw error;
  }
}
