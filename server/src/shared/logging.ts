/**
 * What may reach a log line (issue 15 items 6 and 8): no token, from the query string or a header,
 * and no SQL parameters of a failed query (they carry passwords, codes and personal data).
 */
import type { FastifyServerOptions } from 'fastify';

/** Query parameters that carry secrets; their values are replaced in every logged URL. */
const SECRET_PARAMS = new Set(['batoken', 'ba-user-token', 'token', 'refreshtoken', 'refresh_token', 'access_token', 'captcha', 'password', 'signature']);
export const REDACTED = '[redacted]';

/** The URL with the values of secret query parameters replaced (names kept, so the log still says what was sent). */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // a malformed name is logged as sent
      }
      return SECRET_PARAMS.has(name.trim().toLowerCase()) && eq >= 0 ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/** Token and session headers, wherever a log line carries headers. */
const SECRET_HEADERS = ['batoken', '"ba-user-token"', 'authorization', 'cookie', '"set-cookie"', '"x-qn-meta"'];
export const REDACT_PATHS = [
  ...SECRET_HEADERS.flatMap((h) => [`req.headers.${h}`, `headers.${h}`, `request.headers.${h}`, `res.headers.${h}`, `reply.headers.${h}`]),
  'query.batoken',
  'query["ba-user-token"]',
  'body.password',
  'body.refreshToken',
];

/** A failed query's message and stack name the SQL and then `params: …`: keep the SQL, drop the values. */
export function withoutSqlParams(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/g, '\nparams: [redacted]');
}

interface SerializedRequest {
  method: string;
  url: string;
  hostname?: string;
  remoteAddress?: string;
  remotePort?: number;
}

function serializeError(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  const out: Record<string, unknown> = { type: err.name, message: withoutSqlParams(err.message), stack: err.stack ? withoutSqlParams(err.stack) : undefined };
  for (const [key, value] of Object.entries(err)) {
    if (key === 'params' || key === 'parameters') continue;
    out[key] = key === 'cause' ? serializeError(value) : key === 'query' || typeof value !== 'object' ? value : undefined;
  }
  if (err.cause !== undefined && out.cause === undefined) out.cause = serializeError(err.cause);
  return out;
}

/**
 * The app's logger options: the caller's (level, stream …) plus redaction of token headers, a
 * request serializer whose URL has no token values, and an error serializer without SQL parameters.
 */
export function safeLogger(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const base = logger === true ? {} : (logger as Record<string, unknown>);
  return {
    ...base,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      req(request: { method: string; url: string; hostname?: string; ip?: string; socket?: { remotePort?: number } }): SerializedRequest {
        return { method: request.method, url: redactUrl(request.url), hostname: request.hostname, remoteAddress: request.ip, remotePort: request.socket?.remotePort };
      },
      err: serializeError,
    },
  } as FastifyServerOptions['logger'];
}
