import { LANGUAGES, type Language } from '@framecraft/contracts/constants';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { STORAGE_NAMES, type StorageName } from './adapter.ts';
import type { SigningKeys } from './signing-keys.ts';

/** Where signed links are served (the navigation plugin leaves this prefix to the route). */
export const SIGNED_PREFIX = '/download/';

export type Disposition = 'attachment' | 'inline';

export interface SignedObject {
  storage: StorageName;
  /** The object key in that storage (never shown in storefront answers). */
  key: string;
  /** The original file name the browser saves (any language). */
  name: string;
  /** Content type; guessed from the name when empty. */
  mime?: string;
}

export interface SignedLinkInput {
  /** The member the link is for; 0 = anybody (a free-preview lesson a visitor plays, decision 041). */
  memberId: number;
  object: SignedObject;
  /** `attachment` for files (a download with the original name), `inline` for lessons (the player streams it). */
  disposition: Disposition;
  /** Lifetime; defaults: 10 minutes for attachments, 3 hours for inline media (a lesson is watched through it). */
  ttlSeconds?: number;
  /** The member's language, used for the errors of this link (a new tab or a player sends no `think-lang`). */
  lang?: Language;
}

export interface SignedLink {
  /** Same-origin path, e.g. `/download/<token>`. */
  url: string;
  /** Unix seconds. */
  expire_time: number;
}

export const DEFAULT_TTL_S: Record<Disposition, number> = { attachment: 600, inline: 3 * 3600 };
export const MAX_TTL_S = 24 * 3600;

/** The signed payload (short field names: it travels in the URL). */
const payloadSchema = z.strictObject({
  k: z.number().int().positive(),
  m: z.number().int().min(0),
  s: z.enum(STORAGE_NAMES),
  o: z.string().min(1).max(512),
  n: z.string().min(1).max(255),
  t: z.string().max(100),
  d: z.enum(['a', 'i']),
  e: z.number().int().positive(),
  l: z.enum(LANGUAGES),
});
type Payload = z.infer<typeof payloadSchema>;

export interface VerifiedLink {
  memberId: number;
  object: Required<SignedObject>;
  disposition: Disposition;
  expireTime: number;
  lang: Language;
}

export type VerifyResult =
  | { ok: true; link: VerifiedLink }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'expired'; lang: Language };

/** Domain separation: this key signs nothing else in this shape. */
const sign = (secret: Buffer, body: string) => createHmac('sha256', secret).update(`download.v1.${body}`).digest();

const MIME: Record<string, string> = {
  mp4: 'video/mp4', mov: 'video/quicktime', webm: 'video/webm', m4v: 'video/mp4',
  mp3: 'audio/mpeg', wav: 'audio/wav', m4a: 'audio/mp4', ogg: 'audio/ogg',
  jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp',
  zip: 'application/zip', rar: 'application/vnd.rar', pdf: 'application/pdf', txt: 'text/plain; charset=utf-8',
  cube: 'text/plain; charset=utf-8',
};
/** A content type from a file name; `application/octet-stream` when unknown. */
export function mimeOf(name: string): string {
  const suffix = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  return MIME[suffix] ?? 'application/octet-stream';
}

/** Signs a link for one member and one object; `now` in milliseconds (tests). */
export async function signLink(keys: SigningKeys, input: SignedLinkInput, now = Date.now()): Promise<SignedLink> {
  const ttl = Math.min(Math.max(Math.floor(input.ttlSeconds ?? DEFAULT_TTL_S[input.disposition]), 1), MAX_TTL_S);
  const expireTime = Math.floor(now / 1000) + ttl;
  const key = await keys.signer();
  const payload: Payload = payloadSchema.parse({
    k: key.id,
    m: input.memberId,
    s: input.object.storage,
    o: input.object.key.replace(/^\/+/, ''),
    n: input.object.name,
    t: input.object.mime || mimeOf(input.object.name),
    d: input.disposition === 'inline' ? 'i' : 'a',
    e: expireTime,
    l: input.lang ?? 'zh-cn',
  });
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const token = `${body}.${sign(key.secret, body).toString('base64url')}`;
  return { url: `${SIGNED_PREFIX}${token}`, expire_time: expireTime };
}

/**
 * Checks a token: shape, key, signature (constant-time), then expiry. The payload is read only
 * after its signature matched, so nothing unsigned is ever trusted.
 */
export async function verifyLink(keys: SigningKeys, token: string, now = Date.now()): Promise<VerifyResult> {
  const invalid = { ok: false, reason: 'invalid' } as const;
  const match = /^([A-Za-z0-9_-]{1,4096})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return invalid;
  const [, body, signature] = match as unknown as [string, string, string];
  const given = Buffer.from(signature, 'base64url');
  // The key id is read before the signature is checked only to pick the secret; nothing else is used.
  let keyId: unknown;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    keyId = (decoded as { k?: unknown }).k;
  } catch {
    return invalid;
  }
  if (typeof keyId !== 'number' || !Number.isSafeInteger(keyId) || keyId <= 0) return invalid;
  const secret = await keys.secret(keyId);
  if (!secret) return invalid;
  const expected = sign(secret, body);
  // Canonical encoding only: a signature with other trailing bits decodes to the same bytes.
  if (given.length !== expected.length || given.toString('base64url') !== signature || !timingSafeEqual(given, expected)) return invalid;
  const parsed = payloadSchema.safeParse(decoded);
  if (!parsed.success) return invalid;
  const p = parsed.data;
  if (p.e * 1000 <= now) return { ok: false, reason: 'expired', lang: p.l };
  return {
    ok: true,
    link: {
      memberId: p.m,
      object: { storage: p.s, key: p.o, name: p.n, mime: p.t },
      disposition: p.d === 'i' ? 'inline' : 'attachment',
      expireTime: p.e,
      lang: p.l,
    },
  };
}

/**
 * `content-disposition` with the original name: an ASCII fallback in `filename` and the exact name
 * in `filename*` (RFC 6266 / RFC 5987, UTF-8, percent-encoded), so Chinese names survive.
 */
export function contentDisposition(disposition: Disposition, name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'download';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
