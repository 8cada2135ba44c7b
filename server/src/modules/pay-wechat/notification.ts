/**
 * Opening a WeChat Pay v3 notification (payment or refund): JSON only and small; the
 * `Wechatpay-Signature` over `timestamp\nnonce\nbody\n` must verify with the configured platform
 * key named by `Wechatpay-Serial`, within 5 minutes of our clock; then `resource` is decrypted with
 * AES-256-GCM under the API v3 key (its tag authenticates it) and parsed. Never throws: every
 * failure is a reason for the pay log.
 */
import type { Aes, Formatter, Rsa } from 'wechatpay-axios-plugin';
import { z } from 'zod';
import type { NotificationHeaders } from '../commerce/index.ts';
import { wechatSdk } from './client.ts';
import type { WechatConfig } from './config.ts';

/** WeChat's notifications are about 1 KB; anything much larger is not one. */
export const NOTIFY_MAX_BYTES = 32 * 1024;
/** How far a notification's timestamp may be from our clock (the SDK's and WeChat's own window). */
export const CLOCK_WINDOW_S = 300;

const eventSchema = z.object({
  id: z.string().max(64),
  event_type: z.string().max(64),
  resource_type: z.string().max(64).optional(),
  resource: z.object({
    algorithm: z.literal('AEAD_AES_256_GCM'),
    ciphertext: z.string().min(1).max(NOTIFY_MAX_BYTES),
    nonce: z.string().min(1).max(64),
    associated_data: z.string().max(256).optional().default(''),
    original_type: z.string().max(64).optional(),
  }),
});

const fen = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

export const transactionSchema = z.object({
  mchid: z.string(),
  appid: z.string(),
  out_trade_no: z.string().max(64),
  transaction_id: z.string().max(64),
  trade_state: z.string(),
  amount: z.object({ total: fen, currency: z.string().max(8).optional().default('CNY') }),
});

export const refundSchema = z.object({
  mchid: z.string(),
  out_trade_no: z.string().max(64),
  out_refund_no: z.string().max(64),
  refund_id: z.string().max(64),
  refund_status: z.string(),
  amount: z.object({ total: fen, refund: fen }),
});

export type Opened = { ok: true; eventType: string; resource: unknown } | { ok: false; reason: string };

const header = (headers: NotificationHeaders | undefined, name: string) => {
  const value = headers?.[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
};

type SdkHelpers = { Aes: typeof Aes; Formatter: typeof Formatter; Rsa: typeof Rsa };

function verifySignature({ Rsa, Formatter }: SdkHelpers, config: WechatConfig, headers: NotificationHeaders | undefined, raw: string, now: number): string | null {
  const mediaType = header(headers, 'content-type').split(';')[0]!.trim().toLowerCase();
  if (mediaType !== 'application/json') return `content type ${mediaType || 'missing'}: JSON expected`;
  if (Buffer.byteLength(raw) > NOTIFY_MAX_BYTES) return 'body too large';
  const [timestamp, nonce, signature, serial] = ['wechatpay-timestamp', 'wechatpay-nonce', 'wechatpay-signature', 'wechatpay-serial'].map((n) => header(headers, n));
  if (!timestamp || !nonce || !signature || !serial) return 'Wechatpay-* signature headers missing';
  const type = header(headers, 'wechatpay-signature-type');
  if (type && type !== 'WECHATPAY2-SHA256-RSA2048') return `signature type ${type.slice(0, 40)} not supported`;
  if (!/^\d{1,12}$/.test(timestamp!) || Math.abs(now / 1000 - Number(timestamp)) > CLOCK_WINDOW_S) return 'timestamp outside the 5-minute window';
  if (serial !== config.platformKeyId) return `unknown platform key ${serial!.slice(0, 64)}`;
  // WeChat sends signature probes ("WECHATPAY/SIGNTEST/…") that must fail verification.
  if (signature!.startsWith('WECHATPAY/SIGNTEST/')) return 'signature probe';
  try {
    if (!Rsa.verify(Formatter.response(timestamp!, nonce!, raw), signature!, config.platformKey)) return 'bad signature';
  } catch {
    return 'bad signature';
  }
  return null;
}

export async function openNotification(config: WechatConfig, headers: NotificationHeaders | undefined, raw: string, now = Date.now()): Promise<Opened> {
  const sdk = await wechatSdk();
  const refused = verifySignature(sdk, config, headers, raw, now);
  if (refused) return { ok: false, reason: refused };
  let event: z.infer<typeof eventSchema>;
  try {
    const parsed = eventSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return { ok: false, reason: 'malformed notification' };
    event = parsed.data;
  } catch {
    return { ok: false, reason: 'malformed notification' };
  }
  try {
    const { ciphertext, nonce, associated_data } = event.resource;
    const plain = sdk.Aes.AesGcm.decrypt(ciphertext, config.apiV3Key, nonce, associated_data);
    return { ok: true, eventType: event.event_type, resource: JSON.parse(plain) };
  } catch {
    return { ok: false, reason: 'resource does not decrypt with the API v3 key' };
  }
}
