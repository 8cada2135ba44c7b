import type { FastifyReply, FastifyRequest } from 'fastify';
import { PERMISSIONS_POLICY } from './content-security.ts';

/** Sent with every response, including the raw ones written for transport errors. */
export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
  'permissions-policy': PERMISSIONS_POLICY,
} as const;

/** One year; no includeSubDomains (a self-hosted shop may share its domain with other sites). */
export const HSTS = 'max-age=31536000';

/** onSend hook: security headers plus the request id, so a reported error can be found in the log. */
export function addSecurityHeaders(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) {
  reply.headers(SECURITY_HEADERS);
  reply.header('x-request-id', request.id);
  // HTTPS only (behind a proxy: x-forwarded-proto with TRUST_PROXY): browsers then never try plain HTTP.
  if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  done(null, payload);
}
