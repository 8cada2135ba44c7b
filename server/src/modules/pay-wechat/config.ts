/**
 * WeChat Pay settings (Payment group, decision 035) read per call and checked: a method whose
 * settings are incomplete is not offered, and `problems` says why in the admin's language.
 * Keys are accepted as pasted — PEM with or without its line breaks (a one-line text field
 * collapses them), or the bare base64 body — and turned into key objects here, never read from a
 * path (the SDK would read `file://…` strings from disk).
 */
import { translate } from '@framecraft/contracts/messages';
import { createPrivateKey, createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';
import type { PaymentContext } from '../commerce/index.ts';

export interface WechatConfig {
  mchid: string;
  appid: string;
  merchantSerial: string;
  merchantKey: KeyObject;
  /** The API v3 key (32 bytes): AES-256-GCM key of notification resources. */
  apiV3Key: Buffer;
  platformKeyId: string;
  platformKey: KeyObject;
  apiBase: string;
  /** Public site address without a trailing slash (notify and return URLs). */
  siteUrl: string;
  siteName: string;
}

export const PAYMENT_NOTIFY_PATH = '/api/pay/notify/wechat';
export const REFUND_NOTIFY_PATH = '/api/pay/notify/wechat/refund';

/** The base64 body of a PEM block (or of bare base64), whatever happened to its line breaks. */
function pemBody(text: string): { label: string; der: Buffer } | null {
  const match = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/.exec(text);
  const body = (match ? match[2]! : text).replace(/\s+/g, '');
  if (!body || !/^[A-Za-z0-9+/]+=*$/.test(body)) return null;
  return { label: match?.[1] ?? '', der: Buffer.from(body, 'base64') };
}

export function merchantKeyFrom(text: string): KeyObject | null {
  const pem = pemBody(text);
  if (!pem) return null;
  for (const type of pem.label === 'RSA PRIVATE KEY' ? (['pkcs1'] as const) : (['pkcs8', 'pkcs1'] as const)) {
    try {
      const key = createPrivateKey({ key: pem.der, format: 'der', type });
      if (key.asymmetricKeyType === 'rsa') return key;
    } catch {
      // try the next encoding
    }
  }
  return null;
}

/** A platform certificate (X.509) or a platform public key (SPKI); the certificate's serial comes with it. */
export function platformKeyFrom(text: string): { key: KeyObject; serial: string } | null {
  const pem = pemBody(text);
  if (!pem) return null;
  if (pem.label !== 'PUBLIC KEY') {
    try {
      const cert = new X509Certificate(pem.der);
      return { key: cert.publicKey, serial: cert.serialNumber.toUpperCase() };
    } catch {
      if (pem.label === 'CERTIFICATE') return null;
    }
  }
  try {
    const key = createPublicKey({ key: pem.der, format: 'der', type: 'spki' });
    return key.asymmetricKeyType === 'rsa' ? { key, serial: '' } : null;
  } catch {
    return null;
  }
}

const httpUrl = (text: string) => {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString().replace(/\/+$/, '') : null;
  } catch {
    return null;
  }
};

/** The settings, or the list of what is missing or wrong (translated). */
export async function readConfig(ctx: PaymentContext): Promise<{ config: WechatConfig; problems: [] } | { config: null; problems: string[] }> {
  const get = async (name: string) => (await ctx.setting(name)).trim();
  const [mchid, appid, merchantSerial, privateKeyText, apiV3Key, platformText, platformIdSetting, apiBaseText, siteUrlText, currency, siteName] = await Promise.all(
    ['wechatMchid', 'wechatAppid', 'wechatMerchantSerial', 'wechatMerchantPrivateKey', 'wechatApiV3Key', 'wechatPlatformKey', 'wechatPlatformKeyId', 'wechatApiBase', 'siteUrl', 'currency', 'siteName'].map(get),
  );
  const problems: string[] = [];
  const problem = (key: string, params?: Record<string, unknown>) => problems.push(translate(ctx.lang, `payWechat.problem.${key}`, params));
  if (!/^\d{8,32}$/.test(mchid!)) problem('mchid');
  if (!/^[A-Za-z0-9_]{6,32}$/.test(appid!)) problem('appid');
  if (!/^[0-9A-Fa-f]{8,64}$/.test(merchantSerial!)) problem('serial');
  const merchantKey = merchantKeyFrom(privateKeyText!);
  if (!merchantKey) problem('privateKey');
  if (Buffer.byteLength(apiV3Key!) !== 32) problem('apiV3Key');
  const platform = platformKeyFrom(platformText!);
  if (!platform) problem('platformKey');
  const platformKeyId = platformIdSetting || platform?.serial || '';
  if (platform && !platformKeyId) problem('platformKeyId');
  const apiBase = httpUrl(apiBaseText || 'https://api.mch.weixin.qq.com');
  if (!apiBase) problem('apiBase');
  const siteUrl = httpUrl(siteUrlText!);
  if (!siteUrl) problem('siteUrl');
  const shopCurrency = currency || 'CNY';
  if (shopCurrency !== 'CNY') problem('currency', { currency: shopCurrency });
  if (problems.length > 0 || !merchantKey || !platform || !apiBase || !siteUrl) return { config: null, problems };
  return {
    config: {
      mchid: mchid!,
      appid: appid!,
      merchantSerial: merchantSerial!.toUpperCase(),
      merchantKey,
      apiV3Key: Buffer.from(apiV3Key!),
      platformKeyId,
      platformKey: platform.key,
      apiBase,
      siteUrl,
      siteName: siteName || 'Framecraft',
    },
    problems: [],
  };
}
