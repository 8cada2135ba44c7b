import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** A request slower than this is logged at `warn` whatever the log level (ms). */
export const SLOW_REQUEST_MS = 1000;

/**
 * Fastify's per-request log lines at the level they deserve, instead of two `info` lines per
 * request (≈ 1 MB per 20 minutes of one visitor): the incoming request and an ordinary answer are
 * `debug`; a refused request (4xx) `info`; a server failure (5xx) or a slow answer `warn`; an
 * error while answering stays `error`. The incoming line's URL goes through the redacting request
 * serializer (shared/logging.ts); the completion line carries the path without its query.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode;
    const ms = Math.round(reply.elapsedTime);
    const line = { method: request.method, path: request.url.split('?')[0], status, ms };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (status >= 500) reply.log.warn(line, 'request failed');
    else if (ms >= SLOW_REQUEST_MS) reply.log.warn(line, 'slow request');
    else if (status >= 400) reply.log.info(line, 'request refused');
    else reply.log.debug(line, 'request completed');
  }
}
