/**
 * Changing a member's bound e-mail or mobile (spec §7 `verification`, `changeBind`): first a code
 * sent to the bound address proves the member still owns it and buys a short-lived token; then a
 * code sent to the new address binds it. A member with nothing bound skips the first step.
 */
import type { VerificationChannel } from '@framecraft/contracts/validation';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { ApiError, isUniqueViolation } from '../../shared/errors.ts';
import { checkCode, consumeCode } from '../codes/index.ts';
import type { MemberRow } from '../session/index.ts';
import { consumeProofToken, issueProofToken } from '../session/index.ts';
import { lockMember, setMemberAddress } from '../member-access/index.ts';

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
    await issueProofToken(tx, { ownerId: row.id, type: tokenType(type), raw, ttlSeconds: BIND_TOKEN_TTL_SECONDS });
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
      const locked = await lockMember(tx, row.id);
      if (!locked) throw new ApiError('verify.verifyFirst');
      if (boundAddress(locked, type)) {
        const used = await consumeProofToken(tx, { ownerId: row.id, type: tokenType(type), raw: change.accountVerificationToken });
        if (!used) throw new ApiError('verify.verifyFirst');
      }
      await consumeCode(tx, codeId);
      return setMemberAddress(tx, row.id, type, address);
    });
  } catch (error) {
    // Another member bound the address between the code and now (unique index).
    if (isUniqueViolation(error)) throw new ApiError(type === 'email' ? 'verify.emailTaken' : 'verify.mobileTaken');
    throw error;
  }
}
