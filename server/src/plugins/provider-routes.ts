import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
// The route config flag `providerRoute` is declared where it is read.
import type {} from './rate-limit.ts';

/** What a provider-facing handler answers: the provider's own format, never the envelope. */
export interface ProviderAnswer {
  status?: number;
  /** Content type; plain text unless given (an object body defaults to JSON). */
  type?: string;
  body: string | Buffer | object;
  headers?: Record<string, string>;
}

/** `success` as plain text (Alipay), `{"code":"SUCCESS"}` as JSON (WeChat Pay v3), …. */
export const providerAnswer = {
  text: (body: string, status?: number): ProviderAnswer => ({ ...(status ? { status } : {}), type: 'text/plain; charset=utf-8', body }),
  json: (body: object, status?: number): ProviderAnswer => ({ ...(status ? { status } : {}), type: 'application/json; charset=utf-8', body }),
};

/** The request as a provider sent it: the exact bytes (for signatures) plus convenient parsed views. */
export interface ProviderRequest {
  /** The body exactly as received, byte for byte. */
  raw: Buffer;
  /** Media type without parameters, lower case ('' when none was sent). */
  mediaType: string;
  /** The `charset` parameter, lower case (utf-8 when none). */
  charset: string;
  /** `application/x-www-form-urlencoded` fields, decoded with the declared charset (GBK works); last value wins. */
  form: Record<string, string> | undefined;
  /** The parsed JSON body, or undefined when it is not JSON or does not parse. */
  json: unknown;
  /** The body as text in its charset. */
  text: string;
}

export interface ProviderRouteOptions {
  method?: HTTPMethods;
  url: string;
  /** This route's own per-IP limit (the global per-IP limit does not apply). Default 600 per minute. */
  rateLimit?: { max: number; timeWindowMs: number };
  /** Default: the server's BODY_LIMIT_BYTES. */
  bodyLimit?: number;
  /**
   * The answer when anything fails — a refused body, the route's limit, a thrown error — in the
   * caller's format (e.g. `fail`, `{"code":"FAIL","message":…}`). `status` is the HTTP status Fastify chose.
   */
  onError(error: FastifyError, status: number, request: FastifyRequest): ProviderAnswer;
}

function decodeText(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

/** Percent-decoding to bytes first, then the charset: a GBK form stays GBK. */
function parseForm(raw: Buffer, charset: string): Record<string, string> {
  const fields: Record<string, string> = Object.create(null);
  const decode = (part: string) => {
    const bytes: number[] = [];
    const text = part.replace(/\+/g, ' ');
    for (let i = 0; i < text.length; i++) {
      const hex = text[i] === '%' ? text.slice(i + 1, i + 3) : '';
      if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
      } else {
        bytes.push(...Buffer.from(text[i]!, 'latin1'));
      }
    }
    return decodeText(Buffer.from(bytes), charset);
  };
  // Form bodies are ASCII on the wire (everything else is percent-encoded); raw bytes above 0x7f are kept as latin1 and decoded with the charset.
  for (const pair of raw.toString('latin1').split('&')) {
    if (!pair) continue;
    const at = pair.indexOf('=');
    const name = decode(at < 0 ? pair : pair.slice(0, at));
    fields[name] = decode(at < 0 ? '' : pair.slice(at + 1));
  }
  return fields;
}

function providerRequest(request: FastifyRequest): ProviderRequest {
  const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  const header = request.headers['content-type'] ?? '';
  const mediaType = header.split(';')[0]!.trim().toLowerCase();
  const charset = /;\s*charset="?([A-Za-z0-9._-]+)"?/i.exec(header)?.[1]?.toLowerCase() ?? 'utf-8';
  const text = decodeText(raw, charset);
  let json: unknown;
  if (mediaType === 'application/json' || mediaType.endsWith('+json')) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  const form = mediaType === 'application/x-www-form-urlencoded' ? parseForm(raw, charset) : undefined;
  return { raw, mediaType, charset, form, json, text };
}

function send(reply: FastifyReply, answer: ProviderAnswer) {
  const isObject = typeof answer.body === 'object' && !Buffer.isBuffer(answer.body);
  const type = answer.type ?? (isObject ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8');
  reply.status(answer.status ?? 200).type(type);
  if (answer.headers) reply.headers(answer.headers);
  return reply.send(isObject ? JSON.stringify(answer.body) : answer.body);
}

/**
 * A route called by a provider (payment notifications, decision 025) rather than by our app: any
 * content type (form, JSON, XML, text) reaches the handler as the exact raw bytes, the answer is the
 * provider's own format also on every error (no envelope, no 415), and the route is limited per IP
 * by its own limit instead of the global one. Registered in a context of its own, so the app's JSON
 * parser and envelope error handler stay as they are everywhere else.
 */
export function providerRoute(
  app: FastifyInstance,
  options: ProviderRouteOptions,
  handler: (input: ProviderRequest, request: FastifyRequest) => Promise<ProviderAnswer>,
) {
  const limit = options.rateLimit ?? { max: 600, timeWindowMs: 60_000 };
  void app.register(async (scoped) => {
    scoped.removeAllContentTypeParsers();
    scoped.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: options.bodyLimit }, (_request, body, done) => done(null, body));
    scoped.setErrorHandler((error: FastifyError, request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : reply.statusCode >= 400 ? reply.statusCode : 500;
      if (status >= 500) request.log.error({ err: error }, 'provider route failed');
      else request.log.warn({ err: error, url: request.url }, 'provider request refused');
      // The onError answer's own status, when it gives one, wins over Fastify's.
      return send(reply, { status, ...options.onError(error, status, request) });
    });
    scoped.route({
      method: options.method ?? 'POST',
      url: options.url,
      bodyLimit: options.bodyLimit,
      config: {
        providerRoute: true,
        rateLimit: {
          max: limit.max,
          timeWindow: limit.timeWindowMs,
          // The global allow-list (health probes) and envelope builder do not apply here.
          allowList: undefined,
          errorResponseBuilder: () => Object.assign(new Error('provider route rate limit'), { statusCode: 429 }),
        },
      },
      handler: async (request, reply) => send(reply, await handler(providerRequest(request), request)),
    });
  });
}
