import { CODE, HEADER } from '@framecraft/contracts/constants';
import { resolveLanguage, translate, type MessageKey } from '@framecraft/contracts/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { envelope } from '../shared/envelope.ts';
import { parseQueryString } from './query-string.ts';
import { SECURITY_HEADERS } from './security-headers.ts';

/** Errors Fastify raises before a request reaches a route (the error handler never sees them). */
const FRAMEWORK_ERRORS: Record<string, [status: number, key: MessageKey]> = {
  FST_ERR_BAD_URL: [400, 'api.badUrl'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'api.urlTooLong'],
};

/** Errors of Node's HTTP parser, answered on the raw socket. */
function clientErrorAnswer(code: string | undefined): [status: number, key: MessageKey] {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'http.408'];
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'api.urlTooLong'];
  return [400, 'api.validationFailed'];
}

/** The headers were not parsed; find `think-lang` in the raw bytes when they arrived. */
function languageOfRawPacket(packet: unknown) {
  const match = (Buffer.isBuffer(packet) ? packet.toString('latin1') : '').match(/\r\nthink-lang:[ \t]*([^\r\n]*)/i);
  return resolveLanguage(match?.[1]);
}

/**
 * Server options that keep the envelope on every transport-level failure: bad URLs, over-long
 * path parameters, unparseable requests (raw socket), and broken query strings.
 */
export const transportOptions = {
  // Requests arriving while draining are still served (with `connection: close`); app.close()
  // waits for them before the database is closed.
  return503OnClosing: false,
  routerOptions: { querystringParser: parseQueryString },
  frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
    const [status, key] = FRAMEWORK_ERRORS[error.code] ?? [500, 'api.internal'];
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: error.code }, 'bad request');
    const lang = resolveLanguage(request.headers[HEADER.lang]);
    reply
      .status(status)
      .headers(SECURITY_HEADERS)
      .header('x-request-id', request.id)
      .send(envelope(CODE.failure, translate(lang, key), null));
  },
  clientErrorHandler(this: FastifyInstance, error: Error & { code?: string; rawPacket?: unknown }, socket: Socket) {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, key] = clientErrorAnswer(error.code);
    this.log.debug({ err: error }, 'client error');
    if (socket.writable) {
      const body = JSON.stringify(envelope(CODE.failure, translate(languageOfRawPacket(error.rawPacket), key), null));
      const headers = Object.entries({
        ...SECURITY_HEADERS,
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        connection: 'close',
      })
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headers}\r\n${body}`);
    }
    socket.destroy(error);
  },
};
