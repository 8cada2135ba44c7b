/**
 * Login throttling instead of account lockout (decision 027). Failures are counted per account
 * (any source) and per source (IP + account, and IP across accounts):
 *
 * - after `captchaAfter` failures for an account within the window, that account's password login
 *   needs the click captcha (from everyone: the owner solves it, a script does not);
 * - after `sourceLimit` failures from one IP for one account, that IP gets the ordinary
 *   "wrong account or password" answer for that account until the window ends, even with the
 *   right password — the owner logging in from elsewhere is never stopped;
 * - after `sourceLimit × IP_FACTOR` failures from one IP across all accounts, that IP is stopped for
 *   every account (credential stuffing).
 *
 * Every attempt is recorded before the password is compared and counted together with the others in
 * flight, so a burst of parallel guesses gets no more comparisons than the limit. Nothing here tells
 * whether an account exists: unknown names are counted and answered the same way.
 */
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../shared/errors.ts';
import { loginAttempt } from './tables.ts';

export type LoginScope = 'user' | 'admin';

export interface ThrottlePolicy {
  /** Failures of one account (any source) after which its login needs the click captcha (0 = always). */
  captchaAfter: number;
  /** Failures from one IP for one account after which that IP is stopped for that account. */
  sourceLimit: number;
  /** How long failures count (seconds). */
  windowSeconds: number;
}

export const DEFAULT_POLICY: ThrottlePolicy = { captchaAfter: 3, sourceLimit: 10, windowSeconds: 3_600 };
/** One IP may fail this many times the per-account limit across all accounts. */
export const IP_FACTOR = 5;

export interface LoginAttempt {
  /** The attempt's own row: forgotten on success. */
  id: number;
  scope: LoginScope;
  account: string;
  ip: string;
}

/** The throttling key of an account: its id when it exists, else the typed name. */
export const accountKey = (found: { id: number } | undefined, typed: string) => (found ? `#${found.id}` : typed.trim().toLowerCase().slice(0, 110));

const since = (windowSeconds: number) => sql`now() - make_interval(secs => ${windowSeconds})`;

async function counts(db: Db, scope: LoginScope, account: string, ip: string, windowSeconds: number) {
  const recent = and(eq(loginAttempt.scope, scope), gt(loginAttempt.createdAt, since(windowSeconds)));
  const [row] = await db
    .select({
      account: sql<number>`count(*) filter (where ${loginAttempt.account} = ${account})::int`,
      source: sql<number>`count(*) filter (where ${loginAttempt.account} = ${account} and ${loginAttempt.ip} = ${ip})::int`,
      ip: sql<number>`count(*) filter (where ${loginAttempt.ip} = ${ip})::int`,
    })
    .from(loginAttempt)
    .where(and(recent, sql`(${loginAttempt.account} = ${account} or ${loginAttempt.ip} = ${ip})`));
  return row!;
}

export interface ThrottleCheck {
  /** The caller must pass the click captcha before the password is compared. */
  captchaRequired: boolean;
}

/**
 * Before a password login: refuse a stopped source with `failure` (the caller's ordinary wrong
 * password error), and say whether the captcha is needed for this account.
 */
export async function checkThrottle(db: Db, scope: LoginScope, account: string, ip: string, policy: ThrottlePolicy, failure: () => ApiError): Promise<ThrottleCheck> {
  const n = await counts(db, scope, account, ip.slice(0, 50), policy.windowSeconds);
  if (n.source >= policy.sourceLimit || n.ip >= policy.sourceLimit * IP_FACTOR) throw failure();
  return { captchaRequired: n.account >= policy.captchaAfter };
}

/**
 * Record an attempt before its password is compared (a failure until `forget` says otherwise), and
 * refuse it when, counted together with the attempts in flight, the source is over its limit.
 */
export async function beginAttempt(db: Db, scope: LoginScope, account: string, ip: string, policy: ThrottlePolicy, failure: () => ApiError): Promise<LoginAttempt> {
  const source = ip.slice(0, 50);
  await db.delete(loginAttempt).where(and(eq(loginAttempt.scope, scope), lt(loginAttempt.createdAt, since(Math.max(policy.windowSeconds, 86_400)))));
  const [row] = await db.insert(loginAttempt).values({ scope, account, ip: source }).returning({ id: loginAttempt.id });
  const n = await counts(db, scope, account, source, policy.windowSeconds);
  if (n.source > policy.sourceLimit || n.ip > policy.sourceLimit * IP_FACTOR) throw failure();
  return { id: row!.id, scope, account, ip: source };
}

/** A correct login: this source's failures for the account are forgotten (the account's captcha need stays until the window ends). */
export async function forgetFailures(db: Db, attempt: LoginAttempt): Promise<void> {
  await db
    .delete(loginAttempt)
    .where(and(eq(loginAttempt.scope, attempt.scope), eq(loginAttempt.account, attempt.account), eq(loginAttempt.ip, attempt.ip)));
}

/** A new password (reset by code) clears every failure of the account. */
export async function clearAccount(db: Db, scope: LoginScope, account: string): Promise<void> {
  await db.delete(loginAttempt).where(and(eq(loginAttempt.scope, scope), eq(loginAttempt.account, account)));
}

export interface ThrottledLogin {
  scope: LoginScope;
  /** `accountKey(found, typed)`. */
  account: string;
  ip: string;
  policy: ThrottlePolicy;
  /** The site asks for the captcha on every login (the captcha switch). */
  captchaAlways: boolean;
  /** Check and consume the request's solved captcha, or throw (`captchaRequired()` when none came). */
  solveCaptcha: () => Promise<void>;
  /** Compare the password (false for an unknown account, after the same work). */
  verify: () => Promise<boolean>;
  /** The ordinary wrong account-or-password error: every refusal looks like it. */
  failure: () => ApiError;
}

/** A password login under the throttle; resolves when the password was right. */
export async function throttledLogin(db: Db, login: ThrottledLogin): Promise<void> {
  const { captchaRequired } = await checkThrottle(db, login.scope, login.account, login.ip, login.policy, login.failure);
  if (login.captchaAlways || captchaRequired) await login.solveCaptcha();
  const attempt = await beginAttempt(db, login.scope, login.account, login.ip, login.policy, login.failure);
  if (!(await login.verify())) throw login.failure();
  await forgetFailures(db, attempt);
}

/** "Please complete the click verification first", with `data.captcha` so the client opens the captcha and retries. */
export const captchaRequired = () => new ApiError('verify.captchaRequired', { data: { captcha: true } });
