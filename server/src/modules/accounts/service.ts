/**
 * Log in and register members. Failures never say whether the account exists: an unknown
 * account and a wrong password give the same message, and the password is still verified
 * against a dummy hash so timing does not tell either.
 */
import { newInviteCode } from '../../shared/invite-code.ts';
import { hash, verify } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../shared/errors.ts';
import { consumeCode } from '../codes/index.ts';
import { changeScore } from '../ledger/index.ts';
import { accountKey, clearAccount, throttledLogin, type ThrottlePolicy } from '../login-throttle/index.ts';
import {
  addressTaken,
  findMemberByAccount,
  findMemberByAddress,
  insertMember,
  memberIdByInviteCode,
  recordMemberLogin,
  recordMemberLoginFailure,
  setMemberPassword,
  usernameTaken,
} from '../member-access/index.ts';
import type { MemberRow } from '../session/index.ts';

const DUMMY_HASH = hash('framecraft-dummy-password');

/** What a password login needs besides the account and password (decision 027). */
export interface LoginOptions {
  ip: string;
  policy: ThrottlePolicy;
  captchaAlways: boolean;
  solveCaptcha: () => Promise<void>;
}

/**
 * A password login under the login throttle (decision 027): no account is ever locked. After a few
 * failures the account needs the click captcha, and a source that keeps failing gets the ordinary
 * failure answer even with the right password — the owner elsewhere logs in as usual.
 */
export async function login(db: Db, account: string, password: string, options: LoginOptions): Promise<MemberRow> {
  const found = await findMemberByAccount(db, account);
  const row = found && found.status === 'enable' ? found : undefined;
  await throttledLogin(db, {
    scope: 'user',
    account: accountKey(found, account),
    ip: options.ip,
    policy: options.policy,
    captchaAlways: options.captchaAlways,
    solveCaptcha: options.solveCaptcha,
    failure: () => new ApiError('account.loginFailed'),
    verify: async () => {
      if (!row) {
        await verify(await DUMMY_HASH, password).catch(() => false);
        return false;
      }
      const ok = await verify(row.password, password).catch(() => false);
      if (!ok) await recordMemberLoginFailure(db, row.id);
      return ok;
    },
  });
  return recordMemberLogin(db, row!.id, options.ip);
}


export interface RegisterInput {
  username: string;
  password: string;
  inviteCode: string;
  ip: string;
  /** Points credited to the inviter (0 = none). */
  inviteRewardScore: number;
  /** Days of VIP level 1 the new member starts with (setting newMemberVipDays; 0 = none). */
  newMemberVipDays?: number;
  /** A verified address (the code is consumed in the registration's transaction). */
  verified?: { email?: string; mobile?: string; codeId: number };
}

/** VIP level 1 for the first `days` days of a new member's account (none when days ≤ 0). */
export function newMemberVip(days: number, now = Date.now()): { vipLevel?: number; vipDate?: Date } {
  const whole = Math.floor(days);
  return whole > 0 ? { vipLevel: 1, vipDate: new Date(now + whole * 86_400_000) } : {};
}

/** Create a member (and credit the inviter) in one transaction. */
export async function register(db: Db, input: RegisterInput): Promise<MemberRow> {
  const passwordHash = await hash(input.password);
  return db.transaction(async (tx) => {
    let inviterId: number | null = null;
    if (input.inviteCode) {
      const inviter = await memberIdByInviteCode(tx, input.inviteCode.toUpperCase());
      if (!inviter) throw new ApiError('account.inviteInvalid');
      inviterId = inviter;
    }
    if (await usernameTaken(tx, input.username)) throw new ApiError('account.usernameTaken');
    const verified = input.verified;
    if (verified) {
      if (await addressTaken(tx, verified)) throw new ApiError(verified.email ? 'verify.emailTaken' : 'verify.mobileTaken');
      await consumeCode(tx, verified.codeId);
    }
    const created = await insertMember(tx, {
      username: input.username,
      nickname: input.username,
      password: passwordHash,
      inviteCode: newInviteCode(),
      email: verified?.email ?? null,
      mobile: verified?.mobile ?? null,
      inviterId,
      joinIp: input.ip,
      lastLoginIp: input.ip,
      lastLoginTime: sql`now()`,
      ...newMemberVip(input.newMemberVipDays ?? 0),
    });
    if (inviterId && input.inviteRewardScore > 0) {
      // One reward per invited member (the reference is the new member).
      await changeScore(tx, { userId: inviterId, delta: input.inviteRewardScore, kind: 'invite', refType: 'user', refId: String(created.id) });
    }
    return created;
  });
}

// Read by accounts and the member centre alike, so it lives in contracts (a pure reading of the setting).
export { verificationTypes } from '@framecraft/contracts/validation';

/** Log in with a checked SMS code of event `user_login` (consumed with the login). */
export async function loginWithCode(db: Db, mobile: string, codeId: number, ip: string): Promise<MemberRow> {
  return db.transaction(async (tx) => {
    const row = await findMemberByAddress(tx, 'mobile', mobile);
    if (!row || row.status !== 'enable') throw new ApiError('verify.codeInvalid');
    await consumeCode(tx, codeId);
    return recordMemberLogin(tx, row.id, ip);
  });
}

/** Set a new password after a checked `user_retrieve_pwd` code; the failure count starts again. */
export async function resetPassword(db: Db, memberId: number, codeId: number, password: string): Promise<void> {
  const passwordHash = await hash(password);
  await db.transaction(async (tx) => {
    await consumeCode(tx, codeId);
    await setMemberPassword(tx, memberId, passwordHash, { resetFailures: true });
  });
  await clearAccount(db, 'user', accountKey({ id: memberId }, ''));
}

export { newInviteCode };
