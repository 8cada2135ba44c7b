import { HEADER } from '@framecraft/contracts/constants';
import type { Envelope } from '@framecraft/contracts/envelope';
import { translate } from '@framecraft/contracts/client-messages';
import { getLanguage } from '../../stores/language.ts';
import { getEnvironment } from './config.ts';
import { RequestError } from './errors.ts';
import { accessToken } from './session.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Attempt {
  method: Method;
  /** Same-origin path with its query string. */
  url: string;
  body?: BodyInit;
  json: boolean;
  /** Milliseconds; 0 = no timeout (uploads). */
  timeout: number;
  /** Aborted when the call is cancelled; its reason is the cancel error. */
  signal: AbortSignal;
}

export interface Answer {
  status: number;
  ok: boolean;
  envelope?: Envelope;
}

// A hand-written check instead of the contracts' zod schema keeps zod out of the first-load bundle.
function parseEnvelope(text: string): Envelope | undefined {
  try {
    const value = JSON.parse(text) as Partial<Envelope> | null;
    if (value && typeof value.code === 'number' && typeof value.msg === 'string') {
      return { code: value.code, msg: value.msg, time: Number(value.time ?? 0), data: value.data };
    }
  } catch {
    // not JSON: no envelope
  }
  return undefined;
}

/** The headers of spec §7, read fresh for every attempt (a replay carries the refreshed token). */
function headers(json: boolean): Record<string, string> {
  return {
    [HEADER.lang]: getLanguage(),
    [HEADER.server]: 'true',
    [HEADER.adminToken]: accessToken('admin'),
    [HEADER.userToken]: accessToken('user'),
    ...(json ? { 'content-type': 'application/json' } : {}),
  };
}

/** One HTTP exchange. Resolves with whatever the server answered; rejects only without an answer. */
export async function send(attempt: Attempt): Promise<Answer> {
  const { signal, timeout, url } = attempt;
  if (signal.aborted) throw signal.reason;
  const controller = new AbortController();
  const cancel = () => controller.abort(signal.reason);
  signal.addEventListener('abort', cancel, { once: true });
  let timedOut = false;
  const timer =
    timeout > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeout)
      : undefined;
  try {
    const response = await fetch(`${getEnvironment().baseUrl ?? ''}${url}`, {
      method: attempt.method,
      headers: headers(attempt.json),
      body: attempt.body,
      signal: controller.signal,
    });
    const text = await response.text();
    return { status: response.status, ok: response.ok, envelope: parseEnvelope(text) };
  } catch (error) {
    const lang = getLanguage();
    if (timedOut) throw new RequestError('timeout', translate(lang, 'request.timeout'), { url, cause: error });
    if (signal.aborted) throw signal.reason;
    const offline = globalThis.navigator?.onLine === false;
    const key = offline ? 'request.offline' : 'request.serverException';
    throw new RequestError('network', translate(lang, key), { url, cause: error });
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', cancel);
  }
}
