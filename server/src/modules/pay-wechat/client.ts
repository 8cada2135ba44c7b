/**
 * WeChat Pay API v3 calls through `wechatpay-axios-plugin` (decision 035): it signs each request
 * (`Authorization: WECHATPAY2-SHA256-RSA2048 …` with the merchant key) and refuses any answer whose
 * `Wechatpay-*` signature does not verify with the platform key or whose timestamp is off by more
 * than 5 minutes. The base URL is a setting, so tests and e2e talk to a local fake.
 */
import type { Wechatpay } from 'wechatpay-axios-plugin';
import type { WechatConfig } from './config.ts';

/** A call that failed: network, refused by WeChat (`code`), or an answer that did not verify. */
export class WechatApiError extends Error {
  override name = 'WechatApiError';
  constructor(
    message: string,
    readonly status = 0,
    readonly code = '',
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 10_000;

/**
 * The SDK, loaded on first use with the HTTP client it brings (decision 056): most shops never take
 * WeChat Pay. Never return its client from an async function: the client answers any property,
 * `then` included, with a request.
 */
export const wechatSdk = () => import('wechatpay-axios-plugin');

function client(Wechatpay: Awaited<ReturnType<typeof wechatSdk>>['Wechatpay'], config: WechatConfig): Wechatpay {
  return new Wechatpay({
    mchid: config.mchid,
    serial: config.merchantSerial,
    // Key objects work (the SDK's Rsa.from passes them through); its typings only list PEM text.
    privateKey: config.merchantKey as unknown as string,
    certs: { [config.platformKeyId]: config.platformKey as unknown as string },
    baseURL: `${config.apiBase}/`,
    timeout: TIMEOUT_MS,
    // Redirects would leave the configured host; WeChat never sends them.
    maxRedirects: 0,
  });
}

interface AxiosLikeError {
  message?: string;
  code?: string;
  response?: { status?: number; data?: unknown };
}

async function call<T>(config: WechatConfig, run: (pay: Wechatpay) => Promise<{ data: T }>): Promise<T> {
  try {
    const { Wechatpay } = await wechatSdk();
    return (await run(client(Wechatpay, config))).data;
  } catch (error) {
    const e = error as AxiosLikeError;
    const data = (typeof e.response?.data === 'object' && e.response.data ? e.response.data : {}) as { code?: string; message?: string };
    throw new WechatApiError(data.message ?? e.message ?? 'request failed', e.response?.status ?? 0, data.code ?? e.code ?? '');
  }
}

export interface PrepayBody {
  description: string;
  out_trade_no: string;
  /** RFC 3339 (WeChat closes the payment then). */
  time_expire: string;
  notify_url: string;
  /** Fen (= cents of CNY). */
  amount: { total: number; currency: 'CNY' };
  scene_info?: { payer_client_ip: string; h5_info?: { type: 'Wap' | 'iOS' | 'Android' } };
}

export const nativePrepay = (config: WechatConfig, body: PrepayBody) =>
  call<{ code_url?: string }>(config, (pay) => pay.chain('v3/pay/transactions/native').post({ appid: config.appid, mchid: config.mchid, ...body }));

export const h5Prepay = (config: WechatConfig, body: PrepayBody) =>
  call<{ h5_url?: string }>(config, (pay) => pay.chain('v3/pay/transactions/h5').post({ appid: config.appid, mchid: config.mchid, ...body }));

export interface WechatTransaction {
  mchid?: string;
  appid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  amount?: { total?: number; currency?: string };
}

export const queryByOutTradeNo = (config: WechatConfig, outTradeNo: string) =>
  call<WechatTransaction>(config, (pay) => pay.chain('v3/pay/transactions/out-trade-no/{out_trade_no}').get({ params: { mchid: config.mchid }, out_trade_no: outTradeNo }));

export interface RefundBody {
  out_trade_no: string;
  out_refund_no: string;
  reason?: string;
  notify_url: string;
  amount: { refund: number; total: number; currency: 'CNY' };
}

export const createRefund = (config: WechatConfig, body: RefundBody) =>
  call<{ refund_id?: string; status?: string; amount?: { refund?: number } }>(config, (pay) => pay.chain('v3/refund/domestic/refunds').post(body));
