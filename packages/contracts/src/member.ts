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
