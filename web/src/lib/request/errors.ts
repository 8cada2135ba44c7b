import type { Language } from '@framecraft/contracts/constants';
import type { Envelope } from '@framecraft/contracts/envelope';
import { translate } from '@framecraft/contracts/client-messages';

/**
 * How a call failed:
 * - `cancel`  — a newer identical request replaced it, or the caller's signal aborted it;
 * - `timeout` — no answer within the timeout;
 * - `network` — no answer at all (server down, offline);
 * - `http`    — a non-2xx answer, or a 2xx answer that is not an envelope;
 * - `code`    — an envelope whose code is not 1.
 */
export type RequestErrorKind = 'cancel' | 'timeout' | 'network' | 'http' | 'code';

/** What every rejected `request()` rejects with. `message` is the (translated) text the user saw or would see. */
export class RequestError<T = unknown> extends Error {
  override readonly name = 'RequestError';
  readonly kind: RequestErrorKind;
  readonly url: string;
  /** HTTP status, when the server answered. */
  readonly status?: number;
  /** The answer's envelope, when the body was one. */
  readonly envelope?: Envelope<T>;

  constructor(
    kind: RequestErrorKind,
    message: string,
    details: { url: string; status?: number; envelope?: Envelope<T>; cause?: unknown },
  ) {
    super(message, { cause: details.cause });
    this.kind = kind;
    this.url = details.url;
    this.status = details.status;
    this.envelope = details.envelope;
  }
}

export function isRequestError(error: unknown): error is RequestError {
  return error instanceof RequestError;
}

/** True for a call cancelled as a duplicate or aborted by its caller: nothing to show. */
export function isCancel(error: unknown): boolean {
  return error instanceof RequestError && error.kind === 'cancel';
}

const STATUS_MESSAGES = new Set([302, 400, 401, 403, 404, 408, 409, 500, 501, 502, 503, 504, 505]);

/**
 * Message for a non-2xx answer (spec §8 "HTTP statuses"). The server's own envelope message wins
 * when the body is an envelope (our server always sends one, translated); a body that is not
 * (a proxy's error page) gets the catalogue's text. 404 appends the requested address.
 */
export function httpStatusMessage(lang: Language, status: number, url: string, serverMsg?: string): string {
  if (serverMsg) return serverMsg;
  if (status === 404) return `${translate(lang, 'http.404')}${url}`;
  return translate(lang, STATUS_MESSAGES.has(status) ? `http.${status}` : 'http.default');
}
