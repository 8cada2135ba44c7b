/**
 * The one request layer of spec §7 and §8 (plain fetch + AbortController).
 *
 * `request()` resolves with the envelope when `code` is 1 and otherwise rejects with a
 * `RequestError` (see errors.ts): `kind` tells what failed, `envelope` holds the server's answer
 * when there was one, `status` the HTTP status, `message` the translated text.
 *
 * Decisions where the spec leaves room:
 * - Toasts: a success toast only with `showSuccessMessage`; an envelope-code error toast (any code
 *   but 1 and 409, when `msg` is not empty) unless `showErrorMessage` or `showCodeMessage` is false;
 *   HTTP, timeout and network messages unless `showErrorMessage` is false. Cancellations and the
 *   token-refresh path are never toasted.
 * - A non-2xx answer shows the envelope's `msg` when the body is an envelope, else §8's status
 *   message; envelope codes (302/303/409) are only acted on in 2xx answers (conventions).
 * - A request waiting for a token refresh stays "in flight": an identical newer request cancels it.
 * - A replayed request that gets 409 again is not refreshed a second time; it fails like any code.
 */
import { CODE, REQUEST_TIMEOUT_MS } from '@framecraft/contracts/constants';
import type { Envelope, LoginStateData, RedirectData } from '@framecraft/contracts/envelope';
import { translate } from '@framecraft/contracts/client-messages';
import { getLanguage } from '../../stores/language.ts';
import { getEnvironment } from './config.ts';
import { httpStatusMessage, RequestError } from './errors.ts';
import { refreshOnce } from './refresh.ts';
import { accessToken, forgetSession } from './session.ts';
import { send, type Answer, type Method } from './transport.ts';
import { detectContext, rewriteAdminUrl, serializeParams, withQuery, type RequestContext } from './url.ts';

export { configureRequest, type RequestEnvironment, type RouteTarget } from './config.ts';
export { isCancel, isRequestError, RequestError, type RequestErrorKind } from './errors.ts';
export type { RequestContext } from './url.ts';
export type { Method } from './transport.ts';

export interface RequestConfig {
  /** Same-origin path, e.g. `/api/user/checkIn`; `/admin/…` follows a renamed admin entry. */
  url: string;
  method?: Method;
  params?: Record<string, unknown>;
  /** Body of POST/PUT/DELETE: FormData and Blob as they are, anything else as JSON. */
  data?: unknown;
  showSuccessMessage?: boolean;
  /** Default true: toast failures. */
  showErrorMessage?: boolean;
  /** Default true: toast the `msg` of a failed envelope code. */
  showCodeMessage?: boolean;
  /** Milliseconds, default 120 000; 0 = none. */
  timeout?: number;
  /** Default: admin when the current path starts with the admin prefix. */
  context?: RequestContext;
  signal?: AbortSignal;
  /** Default true: an identical newer request cancels this one. */
  cancelDuplicate?: boolean;
}

interface Call {
  method: Method;
  url: string;
  body?: BodyInit;
  json: boolean;
  timeout: number;
  context: RequestContext;
  signal: AbortSignal;
  toastSuccess: boolean;
  toastErrors: boolean;
  toastCodes: boolean;
}

/** Calls in flight by identity (method, URL with params, body) → their cancel switch. */
const inFlight = new Map<string, AbortController>();

function encodeBody(method: Method, data: unknown): { body?: BodyInit; json: boolean; identity?: string } {
  if (method === 'GET' || data === undefined) return { json: false, identity: '' };
  if (data instanceof FormData || data instanceof Blob) return { body: data, json: false };
  const body = JSON.stringify(data);
  return { body, json: true, identity: body };
}

function t(key: string): string {
  return translate(getLanguage(), key);
}

export async function request<T = unknown>(config: RequestConfig): Promise<Envelope<T>> {
  const method = config.method ?? 'GET';
  const url = withQuery(rewriteAdminUrl(config.url), serializeParams(config.params));
  const { body, json, identity } = encodeBody(method, config.data);

  const lifetime = new AbortController();
  const onCallerAbort = () => lifetime.abort(new RequestError('cancel', String(config.signal?.reason), { url }));
  if (config.signal?.aborted) onCallerAbort();
  config.signal?.addEventListener('abort', onCallerAbort, { once: true });

  // A form or file body has no cheap identity, so uploads are never treated as duplicates.
  const key = config.cancelDuplicate !== false && identity !== undefined ? `${method} ${url} ${identity}` : undefined;
  if (key) {
    const earlier = inFlight.get(key);
    if (earlier) {
      const message = t('request.duplicateCancelled');
      console.warn(`${message}: ${method} ${url}`);
      earlier.abort(new RequestError('cancel', message, { url }));
    }
    inFlight.set(key, lifetime);
  }

  try {
    return (await run({
      method,
      url,
      body,
      json,
      timeout: config.timeout ?? REQUEST_TIMEOUT_MS,
      context: config.context ?? detectContext(getEnvironment().getPathname()),
      signal: lifetime.signal,
      toastSuccess: config.showSuccessMessage === true,
      toastErrors: config.showErrorMessage !== false,
      toastCodes: config.showErrorMessage !== false && config.showCodeMessage !== false,
    })) as Envelope<T>;
  } finally {
    config.signal?.removeEventListener('abort', onCallerAbort);
    if (key && inFlight.get(key) === lifetime) inFlight.delete(key);
  }
}

async function run(call: Call): Promise<Envelope> {
  for (let replayed = false; ; replayed = true) {
    const sentToken = accessToken(call.context);
    const answer = await exchange(call);
    const envelope = answer.envelope!;

    if (envelope.code === CODE.success) {
      if (call.toastSuccess) getEnvironment().toast.success(envelope.msg || t('request.operationSuccessful'));
      return envelope;
    }
    if (envelope.code === CODE.tokenExpired && !replayed) {
      if (await recoverSession(call.context, sentToken)) continue;
      throw new RequestError('code', envelope.msg, { url: call.url, status: answer.status, envelope });
    }
    actOnCode(envelope, call.context);
    if (call.toastCodes && envelope.msg) getEnvironment().toast.error(envelope.msg);
    throw new RequestError('code', envelope.msg, { url: call.url, status: answer.status, envelope });
  }
}

/** One attempt that yields a 2xx envelope, or rejects with the (already shown) transport/HTTP failure. */
async function exchange(call: Call): Promise<Answer> {
  let answer: Answer;
  try {
    answer = await send(call);
  } catch (error) {
    if (error instanceof RequestError && error.kind !== 'cancel' && call.toastErrors) getEnvironment().toast.error(error.message);
    throw error;
  }
  if (answer.ok && answer.envelope) return answer;
  const message = httpStatusMessage(getLanguage(), answer.status, call.url.split('?')[0]!, answer.envelope?.msg);
  if (call.toastErrors) getEnvironment().toast.error(message);
  throw new RequestError('http', message, { url: call.url, status: answer.status, envelope: answer.envelope });
}

/** 409: replay when another request already refreshed the token, else join the one refresh. */
async function recoverSession(context: RequestContext, sentToken: string): Promise<boolean> {
  const current = accessToken(context);
  if (current && current !== sentToken) return true;
  return (await refreshOnce(context)) !== 'failed';
}

function actOnCode(envelope: Envelope, context: RequestContext): void {
  if (envelope.code === CODE.redirect) {
    const { routePath, routeName } = (envelope.data ?? {}) as RedirectData;
    getEnvironment().navigate({ routePath, routeName });
  } else if (envelope.code === CODE.loginState && (envelope.data as LoginStateData | null)?.type === 'need login') {
    forgetSession(context);
  }
}
