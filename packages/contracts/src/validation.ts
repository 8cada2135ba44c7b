/**
 * Validation rules of spec §5, shared by the web forms and the server. Every failure message is
 * a message KEY (`validation.*`); the server's validate() and the web forms translate it.
 */
import { z } from './zod.ts';
import { ACCOUNT_LENGTH, PASSWORD_LENGTH } from './constants.ts';
import { parseMoney, type ParseMoneyOptions } from './money.ts';
import type { MessageKey } from './messages.ts';

/** What a translatable message key looks like (as opposed to a library's own message text). */
export const MESSAGE_KEY_PATTERN = /^[a-z]+\.[A-Za-z0-9.]+$/;

/** undefined, null, a blank string or an empty array: nothing was filled in. */
export function isBlank(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** A string that must be filled in: missing or '' → `validation.required`, anything else wrong → `key`. */
function filledText(key: MessageKey) {
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'validation.required' : key) })
    .min(1, { error: 'validation.required', abort: true });
}

// ── Ids and text safety (issue 15 item 6: bad input is a field message, never a database error) ──

/** The largest value of a PostgreSQL `integer` / `serial` column. */
export const INT4_MAX = 2_147_483_647;

/** A row id of an integer column: a whole number 1 … 2,147,483,647 (numbers or numeric strings). */
export const recordId = () => z.coerce.number().int('validation.invalidId').min(1, 'validation.invalidId').max(INT4_MAX, 'validation.invalidId');

/** A parent / optional reference id: 0 (none) … 2,147,483,647. */
export const parentId = () => z.coerce.number().int('validation.invalidId').min(0, 'validation.invalidId').max(INT4_MAX, 'validation.invalidId');

/** A whole number that fits an `integer` column, within optional tighter bounds. */
export const int4 = (min = -INT4_MAX - 1, max = INT4_MAX) => z.coerce.number().int().min(Math.max(min, -INT4_MAX - 1)).max(Math.min(max, INT4_MAX));

/** The first path (e.g. `profile.nickname`, `ids.0`) at which a string holds a NUL character, if any. */
export function nulPath(value: unknown, path: string[] = [], depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || '_' : undefined;
  if (depth > 20 || typeof value !== 'object' || value === null) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key].join('.');
    const found = nulPath(inner, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

// ── Account and password (spec §5, lengths from spec §9) ────────────────────────────────────

const ACCOUNT_PATTERN = new RegExp(`^[A-Za-z][A-Za-z0-9_]{${ACCOUNT_LENGTH.min - 1},${ACCOUNT_LENGTH.max - 1}}$`);
/** 3–15 characters, starts with a letter, only ASCII letters, digits and underscore. */
export const accountSchema = filledText('validation.account').regex(ACCOUNT_PATTERN, 'validation.account');

// Line breaks are refused too: a password field cannot produce them, only a crafted request can.
const PASSWORD_PATTERN = new RegExp(`^[^&<>"'\\r\\n]{${PASSWORD_LENGTH.min},${PASSWORD_LENGTH.max}}$`, 'u');
/** 6–32 characters (code points), none of & < > " ' (spec §5). */
export const passwordSchema = filledText('validation.password').regex(PASSWORD_PATTERN, 'validation.password');

// ── Mobile, ID number, person name ───────────────────────────────────────────────────────────

/** Mainland China mobile number: 11 digits, 1 then 3–9. */
export const mobileSchema = filledText('validation.mobile').regex(/^1[3-9]\d{9}$/, 'validation.mobile');

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK_CHARS = '10X98765432';

/**
 * An 18-character PRC resident ID number (GB 11643): 6-digit region code (not starting with 0),
 * a real birth date from 1800 on, a 3-digit sequence, and the ISO 7064 MOD 11-2 check character
 * (a digit or X, either case).
 */
export function isResidentIdNumber(value: string): boolean {
  const match = /^[1-9]\d{5}((?:18|19|20)\d{2})(\d{2})(\d{2})\d{3}[\dXx]$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const birth = new Date(Date.UTC(year, month - 1, day));
  if (birth.getUTCFullYear() !== year || birth.getUTCMonth() !== month - 1 || birth.getUTCDate() !== day) return false;
  const sum = ID_WEIGHTS.reduce((total, weight, i) => total + weight * Number(value[i]), 0);
  return ID_CHECK_CHARS[sum % 11] === value[17]!.toUpperCase();
}

/** Resident ID number; a lowercase check character x is stored as X. */
export const idNumberSchema = filledText('validation.idNumber')
  .refine(isResidentIdNumber, 'validation.idNumber')
  .transform((value) => value.toUpperCase());

const NAME_LENGTH = { min: 2, max: 30 } as const;
/** Words of letters (any script, so CJK too, with their combining marks) joined by one space or middle dot. */
const NAME_PATTERN = /^[\p{L}\p{M}]+(?:[ ·・][\p{L}\p{M}]+)*$/u;

/**
 * A person's name: 2–30 characters (code points) of letters of any script — Chinese characters,
 * Latin letters with accents, … — where words may be separated by a single space or middle dot
 * (· U+00B7 as in 阿依古丽·买买提, or ・ U+30FB). No digits, other punctuation, or leading,
 * trailing or doubled separators.
 */
export function isPersonName(value: string): boolean {
  const length = [...value].length;
  return length >= NAME_LENGTH.min && length <= NAME_LENGTH.max && NAME_PATTERN.test(value);
}

export const personNameSchema = filledText('validation.name').refine(isPersonName, 'validation.name');

// ── Presence helpers ─────────────────────────────────────────────────────────────────────────

/**
 * A value that must be filled in (not undefined, null, blank text or an empty list) — failing
 * with `validation.required` — and then satisfies `inner` (a string by default).
 */
export function required<T extends z.ZodType = z.ZodString>(inner?: T) {
  return z
    .unknown()
    .refine((value) => !isBlank(value), { error: 'validation.required', abort: true })
    .pipe((inner ?? z.string()) as T);
}

/** Text with at least one non-whitespace character, else `validation.contentEmpty`. */
export const contentNotEmptySchema = z
  .string({ error: 'validation.contentEmpty' })
  .refine((value) => value.trim() !== '', 'validation.contentEmpty');

/** Media elements count as editor content even without any text. */
const EDITOR_MEDIA = /<(img|video|audio|iframe|embed|object)\b/i;

/** The visible text of editor HTML: tags, comments, scripts/styles and (non-breaking) spaces dropped. */
export function editorText(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|&#x0*a0;/gi, ' ')
    .replace(/[\u200b-\u200d\u2060\ufeff]/g, '')
    .trim();
}

/** Editor HTML holds content: visible text or a media element (`<p><br></p>` is empty). */
export function hasEditorContent(html: string): boolean {
  return editorText(html) !== '' || EDITOR_MEDIA.test(html.replace(/<!--[\s\S]*?-->/g, ''));
}

/** Rich-text editor value that must not be empty, else `validation.editorRequired`. */
export const editorRequiredSchema = z
  .string({ error: 'validation.editorRequired' })
  .refine(hasEditorContent, 'validation.editorRequired');

// ── E-mail, verification codes and password reset (issue 3) ──────────────────────────────────

/** An e-mail address of at most 100 characters (the member column's size). */
export const emailSchema = filledText('verify.emailInvalid')
  .max(100, 'verify.emailInvalid')
  .regex(/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/, 'verify.emailInvalid');

/** The code sent by e-mail or SMS: 6 digits. */
export const verificationCodeSchema = filledText('verify.codeFormat').regex(/^\d{6}$/, 'verify.codeFormat');

/** What a code may be sent for (conventions "Member login and account"). */
export const CODE_EVENTS = [
  'user_register',
  'user_change_email',
  'user_change_mobile',
  'user_retrieve_pwd',
  'user_email_verify',
  'user_mobile_verify',
  // Our addition: log in with mobile + SMS code.
  'user_login',
] as const;

/** Events each channel serves. */
export const EMAIL_CODE_EVENTS = ['user_register', 'user_change_email', 'user_retrieve_pwd', 'user_email_verify'] as const satisfies readonly CodeEvent[];
export const SMS_CODE_EVENTS = ['user_register', 'user_change_mobile', 'user_retrieve_pwd', 'user_mobile_verify', 'user_login'] as const satisfies readonly CodeEvent[];
export type CodeEvent = (typeof CODE_EVENTS)[number];

/** How a member proves an address: by e-mail or by mobile (setting accountVerificationType). */
export const VERIFICATION_CHANNELS = ['email', 'mobile'] as const;
export type VerificationChannel = (typeof VERIFICATION_CHANNELS)[number];

/** Setting accountVerificationType: an array or a comma-separated list of `email` / `mobile`. */
export function verificationTypes(value: unknown): VerificationChannel[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return VERIFICATION_CHANNELS.filter((channel) => items.some((item) => String(item).trim() === channel));
}

/** The address schema of a channel. */
export const addressSchema = (channel: VerificationChannel) => (channel === 'email' ? emailSchema : mobileSchema);

/** `POST /api/account/retrievePassword {type, account, captcha, password}` (conventions). */
export const retrievePasswordSchema = z
  .object({
    type: z.enum(VERIFICATION_CHANNELS, { error: 'validation.required' }),
    account: z.string({ error: 'validation.required' }).trim(),
    captcha: verificationCodeSchema,
    password: passwordSchema,
  })
  .superRefine((value, ctx) => {
    const result = addressSchema(value.type).safeParse(value.account);
    if (!result.success) ctx.addIssue({ code: 'custom', path: ['account'], message: result.error.issues[0]!.message });
  });

/** `POST /api/account/verification {type, captcha}`: prove the currently bound address (spec §7). */
export const bindVerificationSchema = z.object({
  type: z.enum(VERIFICATION_CHANNELS, { error: 'validation.required' }),
  captcha: verificationCodeSchema,
});

/**
 * `POST /api/account/changeBind {type, email | mobile, captcha, accountVerificationToken}`: the new
 * address, its `user_change_<type>` code, and the token of `verification` when one was bound.
 */
export const changeBindSchema = z
  .object({
    type: z.enum(VERIFICATION_CHANNELS, { error: 'validation.required' }),
    email: z.string().optional(),
    mobile: z.string().optional(),
    captcha: verificationCodeSchema,
    accountVerificationToken: z.string().trim().max(100).optional().default(''),
  })
  .transform((value, ctx) => {
    const result = addressSchema(value.type).safeParse(value[value.type] ?? '');
    if (!result.success) {
      ctx.addIssue({ code: 'custom', path: [value.type], message: result.error.issues[0]!.message });
      return z.NEVER;
    }
    const address = value.type === 'email' ? result.data.toLowerCase() : result.data;
    return { type: value.type, address, captcha: value.captcha, accountVerificationToken: value.accountVerificationToken };
  });

// ── Money (decision 018) ────────────────────────────────────────────────────────────────────

/**
 * A yuan amount typed by a person (string, or a number from a JSON body) → integer cents through
 * the money module's exact parser; each refusal is a `validation.money*` key.
 */
export function moneyInputSchema(options: ParseMoneyOptions = {}) {
  return z.union([z.string(), z.number()], { error: 'validation.moneyFormat' }).transform((value, ctx) => {
    const parsed = parseMoney(value, options);
    if (parsed.ok) return parsed.cents;
    ctx.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  });
}
