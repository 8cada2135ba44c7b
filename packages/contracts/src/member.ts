/**
 * Member-centre forms (profile, nickname, password), shared by the web forms and the server.
 * Failure messages are message keys, as in `validation.ts`.
 */
import { z } from './zod.ts';
import { PASSWORD_LENGTH } from './constants.ts';
import { passwordSchema } from './validation.ts';

/** Spec §3: 0 unknown, 1 male, 2 female. */
export const GENDERS = [0, 1, 2] as const;
export type Gender = (typeof GENDERS)[number];

export const NICKNAME_MAX = 50;
export const MOTTO_MAX = 120;
const AVATAR_MAX = 255;
/** The earliest birthday accepted. */
const BIRTHDAY_MIN = '1900-01-01';

/** Missing or not text → required; other failures keep zod's own issue (translated with its limit). */
const requiredText = () => z.string({ error: (issue) => (issue.code === 'invalid_type' ? 'validation.required' : undefined) });

export const nicknameSchema = requiredText().trim().min(1, 'validation.required').max(NICKNAME_MAX);

export const genderSchema = z.coerce
  .number({ error: 'member.genderInvalid' })
  .refine((value): value is Gender => (GENDERS as readonly number[]).includes(value), 'member.genderInvalid');

/** A stored upload URL, or '' for none. Whether it is a real upload is checked by the server. */
export const avatarSchema = z.string().trim().max(AVATAR_MAX, 'member.avatarInvalid');

/** `yyyy-mm-dd`, a real calendar day between 1900 and today (UTC); today's date is passed for tests. */
export function isBirthday(value: string, today = new Date().toISOString().slice(0, 10)): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && value >= BIRTHDAY_MIN && value <= today;
}

/** A birthday, or null when left empty ('' and null both clear it). */
export const birthdaySchema = z
  .union([z.string(), z.null()], { error: 'member.birthdayInvalid' })
  .transform((value) => (value === null || value.trim() === '' ? null : value.trim()))
  .refine((value) => value === null || isBirthday(value), 'member.birthdayInvalid');

export const mottoSchema = z.string().trim().max(MOTTO_MAX);

/** `POST /api/account/profile`. */
export const profileSchema = z.object({
  nickname: nicknameSchema,
  avatar: avatarSchema.optional().default(''),
  gender: genderSchema.optional().default(0),
  birthday: birthdaySchema.optional().default(null),
  motto: mottoSchema.optional().default(''),
});
export type ProfileInput = z.input<typeof profileSchema>;

/** `POST /api/user/updateNickname {nickname, avatar, gender}` (spec §7). */
export const updateNicknameSchema = profileSchema.pick({ nickname: true, avatar: true, gender: true });

/** `POST /api/account/changePassword {oldPassword, newPassword}` (conventions). */
export const changePasswordSchema = z
  .object({
    // The old password is only compared, so an old one from before today's rules still works.
    oldPassword: requiredText().min(1, 'validation.required').max(PASSWORD_LENGTH.max * 4),
    newPassword: passwordSchema,
  })
  .refine((value) => value.oldPassword !== value.newPassword, { path: ['newPassword'], message: 'member.passwordUnchanged' });

/** A member rule (menu, directory or node) as the init call `GET /api/index/index` sends it. */
export interface MemberRuleNode {
  id: number;
  pid: number;
  /** menu_dir | menu | route | button | nav | nav_user_menu */
  type: string;
  title: string;
  /** The permission node, e.g. `account/profile`. */
  name: string;
  /** The web route of a menu, e.g. `/user/profile`. */
  path: string;
  icon: string;
  menu_type: string;
  url: string;
  component: string;
  keepalive: number;
  children?: MemberRuleNode[];
}

/** The loyalty part of the member's info (product brief "Loyalty rate"). */
export interface RateInfo {
  sum12monthpay: number;
  pay_rate: number;
  sale_list: { min_amount: number; rate: number }[];
}

/** The member as the API sends it (`userInfo`, spec §3), never with the password. Times in epoch seconds. */
export interface MemberInfo {
  id: number;
  username: string;
  nickname: string;
  email: string;
  mobile: string;
  avatar: string;
  gender: number;
  birthday: string | null;
  /** Balance in integer cents (decision 018); the web formats it with the money module. */
  money: number;
  /** Points. */
  score: number;
  last_login_time: number | null;
  last_login_ip: string;
  join_time: number;
  motto: string;
  invate_code: string;
  vip_level: number;
  vip_date: number | null;
  vipLevelName: string;
  rateInfo: RateInfo;
}

// Answers of the member calls (decision 033: every API answer type lives in contracts; both sides use it).

/** `{userInfo}`: what profile saves, `updateNickname` and `changeBind` answer. */
export interface MemberInfoAnswer {
  userInfo: MemberInfo;
}

/** `GET /api/account/profile`: the member and how addresses are verified (setting accountVerificationType). */
export interface ProfileAnswer extends MemberInfoAnswer {
  accountVerificationType: ('email' | 'mobile')[];
}

/** `POST /api/user/checkIn` (login or registration): the member with its new tokens, and where to go. */
export interface LoginAnswer {
  userInfo: MemberInfo & { token: string; refresh_token?: string };
  routePath: string;
}

/** `GET /api/user/checkIn`: whether login needs the click captcha and how registration is verified. */
export interface LoginSettings {
  userLoginCaptchaSwitch: boolean;
  accountVerificationType: ('email' | 'mobile')[];
}

/** `GET /api/account/checkIn`: checked in today (UTC day), and the run of days up to the last check-in. */
export interface CheckInStatus {
  checked: boolean;
  streak: number;
}

/** `POST /api/account/checkIn`: the new run of days and the points earned. */
export interface CheckInResult {
  streak: number;
  score: number;
}

/** `GET /api/account/overview`: the card, VIP, check-in state, 7-day series and the latest notices. */
export interface AccountOverview {
  userInfo: MemberInfo;
  /** `expire` in epoch seconds, null for a lifetime level; `active` = a level that has not expired. */
  vip: { level: number; name: string; expire: number | null; active: boolean };
  checkIn: CheckInStatus;
  /** `yyyy-mm-dd` (UTC), oldest first, today last. */
  days: string[];
  /** Points change per day. */
  score: number[];
  /** Balance change per day, integer cents. */
  money: number[];
  notices: { id: number; title: string; publishTime: number }[];
}

/** One member who registered through the inviter's link (`/share`). */
export interface Invitee {
  /** Masked: first and last character. */
  username: string;
  /** Epoch seconds. */
  join_time: number;
}

/** `GET /api/invite/list`: a page of invitees and the points each registration earns (0 = none). */
export interface InviteList {
  list: Invitee[];
  total: number;
  rewardScore: number;
}

/** `POST /api/account/verification`: the proof that allows `changeBind` for this channel. */
export interface BindVerificationAnswer {
  type: 'email' | 'mobile';
  accountVerificationToken: string;
}
