import type { FastifyReply, FastifyRequest } from 'fastify';

/** Sent with every response, including the raw ones written for transport errors. */
export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
} as const;

/** onSend hook: security headers plus the request id, so a reported error can be found in the log. */
export function addSecurityHeaders(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) {
  reply.headers(SECURITY_HEADERS);
  reply.header('x-request-id', request.id);
  done(null, payload);
}
