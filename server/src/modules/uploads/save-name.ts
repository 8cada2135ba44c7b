import { randomInt } from 'node:crypto';
import { posix } from 'node:path';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` random letters and digits (crypto-grade). */
export function randomAlnum(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALNUM[randomInt(ALNUM.length)];
  return out;
}

export interface SaveNameInput {
  /** Site setting `uploadSaveName`, e.g. `/storage/{topic}/{year}{mon}{day}/{fileName}{fileSha1}{.suffix}`. */
  template: string;
  topic?: string;
  /** The original file name as uploaded (may carry a path; only its last part is used). */
  originalName: string;
  /** Lower-case suffix already checked against the allow-list (no dot). */
  suffix: string;
  sha1: string;
  now?: Date;
  /** Injected for tests; default 6 and 32 random letters/digits. */
  random?: () => string;
  random32?: () => string;
}

/** Characters spec §5 strips from saved names (plus whitespace). */
const STRIPPED = /[\s:@#?&='，,+]/gu;
/** Separators and control characters can never come from the uploader's name or topic. */
const UNSAFE_PART = /[/\\\u0000-\u001f\u007f]/g;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * What a saved name keeps of the uploader's name: letters and digits of any script, `-`, `_` and
 * single inner dots. Everything else goes — `%` (a `%2e%2e%2f` name would decode to a path at the
 * URL), `<`, `>`, quotes, spaces, control characters, bidi overrides such as U+202E, zero-width
 * characters — so the saved URL always serves and always reads as what it is.
 */
const UNSAFE_NAME_CHAR = /[^\p{L}\p{N}._-]/gu;

/** The original name without its suffix, normalised to the safe set, at most 15 characters. */
export function baseFileName(originalName: string, suffix: string): string {
  const last = originalName.split(/[/\\]/).pop() ?? '';
  const withoutSuffix = suffix && last.toLowerCase().endsWith(`.${suffix}`) ? last.slice(0, -(suffix.length + 1)) : last;
  const safe = withoutSuffix.normalize('NFC').replace(UNSAFE_NAME_CHAR, '').replace(/\.{2,}/g, '.').replace(/^\.+/, '');
  return [...safe].slice(0, 15).join('').replace(/\.+$/, '');
}

/** The uploader's name as listed (display only): its last path part without control, format or bidi characters. */
export function displayFileName(originalName: string): string {
  const last = originalName.split(/[/\\]/).pop() ?? '';
  return [...last.normalize('NFC').replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, '')].slice(0, 120).join('');
}

/**
 * The saved path of an upload per spec §5, relative to the storage root and without a leading
 * slash. Throws when the result would not stay inside the root (cannot happen with the
 * sanitised parts, but a hostile template is refused too).
 */
export function buildSaveName(input: SaveNameInput): string {
  const now = input.now ?? new Date();
  const epoch = String(Math.floor(now.getTime() / 1000));
  const random = (input.random ?? (() => randomAlnum(6)))();
  const random32 = (input.random32 ?? (() => randomAlnum(32)))();
  const suffix = input.suffix.replace(/[^a-z0-9]/gi, '').toLowerCase();
  const topic = (input.topic || 'default').replace(UNSAFE_PART, '').replace(/\.{2,}/g, '') || 'default';
  const values: Record<string, string> = {
    topic,
    year: String(now.getFullYear()),
    mon: pad(now.getMonth() + 1),
    day: pad(now.getDate()),
    hour: pad(now.getHours()),
    min: pad(now.getMinutes()),
    sec: pad(now.getSeconds()),
    random,
    random32,
    fileName: baseFileName(input.originalName, suffix),
    suffix,
    '.suffix': suffix ? `.${suffix}` : '',
    fileSha1: input.sha1,
  };
  let name = input.template.replace(/\{(\.?[A-Za-z0-9]+)\}/g, (whole, key: string) => values[key] ?? whole);
  name = name.replace(STRIPPED, '');
  const unique = [epoch, random, random32, input.sha1].some((v) => v !== '' && name.includes(v));
  if (!unique) {
    const dot = name.lastIndexOf('.');
    const slash = name.lastIndexOf('/');
    name = dot > slash + 1 ? `${name.slice(0, dot)}_${epoch}${name.slice(dot)}` : `${name}_${epoch}`;
  }
  name = name.replace(/^\/+/, '');
  const normalised = posix.normalize(name);
  if (normalised !== name || name.split('/').some((part) => part === '..' || part === '.' || part === '') || name === '') {
    throw new Error(`Unsafe save name: ${name}`);
  }
  return name;
}
