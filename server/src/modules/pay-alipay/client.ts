/**
 * The Alipay settings of System settings → Payment (decision 034), checked and turned into an
 * `AlipaySdk` of the official `alipay-sdk`. Key mode: app private key + Alipay public key;
 * certificate mode: app private key + app certificate + Alipay certificate + root certificate (the
 * SDK derives the serial numbers it sends and the Alipay public key from them).
 */
import type { AlipaySdk, AlipaySdkConfig } from 'alipay-sdk';
import type { PaymentContext } from '../commerce/index.ts';
import { readCertificates, readPrivateKey, readPublicKey } from './keys.ts';

export const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';
const TIMEOUT_MS = 10_000;

export interface AlipaySettings {
  appId: string;
  sellerId: string;
  /** Where Alipay sends notifications and the payer comes back, from the `siteUrl` setting. */
  notifyUrl: string;
  returnUrl: (orderNo: string) => string;
  currency: string;
  siteName: string;
}

export type AlipayClient = { ok: true; sdk: AlipaySdk; settings: AlipaySettings } | { ok: false; problems: string[] };

const SETTING_NAMES = ['alipayAppId', 'alipaySellerId', 'alipayPrivateKey', 'alipayCertMode', 'alipayPublicKey', 'alipayAppCert', 'alipayPublicCert', 'alipayRootCert', 'alipayGateway', 'siteUrl', 'currency', 'siteName'] as const;
type Raw = Record<(typeof SETTING_NAMES)[number], string>;

/** One SDK per distinct settings: building one parses keys and certificates. */
let cached: { fingerprint: string; client: AlipayClient } | null = null;

export async function alipayClient(ctx: PaymentContext): Promise<AlipayClient> {
  const values = await Promise.all(SETTING_NAMES.map(async (name) => (await ctx.setting(name)).trim()));
  const raw = Object.fromEntries(SETTING_NAMES.map((name, i) => [name, values[i]!])) as Raw;
  const fingerprint = JSON.stringify(values);
  if (cached?.fingerprint !== fingerprint) cached = { fingerprint, client: await build(raw) };
  return cached.client;
}

function httpUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

async function build(raw: Raw): Promise<AlipayClient> {
  const problems: string[] = [];
  const need = (value: string, key: string) => {
    if (!value) problems.push(`payments.problem.${key}`);
    return Boolean(value);
  };
  need(raw.alipayAppId, 'alipayAppId');
  need(raw.alipaySellerId, 'alipaySellerId');
  const site = raw.siteUrl ? httpUrl(raw.siteUrl) : null;
  if (!site) problems.push('payments.problem.siteUrl');
  if (raw.currency && raw.currency !== 'CNY') problems.push('payments.problem.currency');
  const gateway = httpUrl(raw.alipayGateway || ALIPAY_GATEWAY);
  if (!gateway) problems.push('payments.problem.alipayGateway');
  const privateKey = need(raw.alipayPrivateKey, 'alipayPrivateKey') ? readPrivateKey(raw.alipayPrivateKey) : null;
  if (raw.alipayPrivateKey && !privateKey) problems.push('payments.problem.alipayPrivateKeyUnreadable');

  const config: AlipaySdkConfig = { appId: raw.alipayAppId, privateKey: privateKey?.base64 ?? '', keyType: 'PKCS8', signType: 'RSA2', gateway: gateway?.toString() ?? ALIPAY_GATEWAY, timeout: TIMEOUT_MS, camelcase: false };
  if (['1', 'true'].includes(raw.alipayCertMode)) {
    const present = [need(raw.alipayAppCert, 'alipayAppCert'), need(raw.alipayPublicCert, 'alipayPublicCert'), need(raw.alipayRootCert, 'alipayRootCert')].every(Boolean);
    const [app, alipay, root] = [raw.alipayAppCert, raw.alipayPublicCert, raw.alipayRootCert].map(readCertificates);
    if (present && !(app && alipay && root)) problems.push('payments.problem.alipayCertsUnreadable');
    if (app && privateKey && !app.certificates[0]!.checkPrivateKey(privateKey.key)) problems.push('payments.problem.alipayCertKeyMismatch');
    Object.assign(config, { appCertContent: app?.pem, alipayPublicCertContent: alipay?.pem, alipayRootCertContent: root?.pem });
  } else if (need(raw.alipayPublicKey, 'alipayPublicKey')) {
    const publicKey = readPublicKey(raw.alipayPublicKey);
    if (!publicKey) problems.push('payments.problem.alipayPublicKeyUnreadable');
    config.alipayPublicKey = publicKey ?? '';
  }
  if (problems.length > 0) return { ok: false, problems };

  // Loaded on first use: most shops never configure Alipay, and it is large (decision 056).
  const { AlipaySdk } = await import('alipay-sdk');
  let sdk: AlipaySdk;
  try {
    sdk = new AlipaySdk(config);
  } catch {
    return { ok: false, problems: ['payments.problem.alipayCertsUnreadable'] };
  }
  const base = site!.toString().replace(/\/+$/, '');
  return {
    ok: true,
    sdk,
    settings: {
      appId: raw.alipayAppId,
      sellerId: raw.alipaySellerId,
      notifyUrl: `${base}/api/pay/notify/alipay`,
      // The payer lands on the result page, which asks the server (never trusts the return's fields).
      returnUrl: (orderNo) => `${base}/pay?${new URLSearchParams({ order: orderNo, result: 'returned' }).toString()}`,
      currency: raw.currency || 'CNY',
      siteName: raw.siteName,
    },
  };
}
