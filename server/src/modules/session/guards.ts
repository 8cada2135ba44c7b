import { HEADER } from '@framecraft/contracts/constants';
import type { FastifyRequest } from 'fastify';
import { needLogin, tokenExpired } from '../../shared/errors.ts';
import type { AdminRow, MemberRow, SessionContext } from './accounts.ts';
import { ACCESS_TYPE } from './service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route is loaded by something that cannot send headers — an EventSource stream (the
     * terminal) or an `<img>` (spec §7's buildSuffixSvg) — so the access token may come as a query
     * parameter of the header's name. Every other route reads the header only.
     */
    queryToken?: boolean;
  }
}

const TOKEN_NAME = { admin: HEADER.adminToken, user: HEADER.userToken } as const;

/**
 * The access token a request carries for a context: its header — or, on a route that declares
 * `config: { queryToken: true }` only, the same name as a query parameter (EventSource, `<img>`).
 * A query token on any other route is ignored: URLs end up in logs, histories and Referer headers.
 */
export function presentedToken(request: FastifyRequest, context: SessionContext): string | undefined {
  const name = TOKEN_NAME[context];
  const header = request.headers[name];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  if (fromHeader) return fromHeader;
  if (request.routeOptions.config?.queryToken !== true) return undefined;
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof fromQuery === 'string' && fromQuery ? fromQuery : undefined;
}

/** Owner id of the presented token; 'none' when no token was sent; expired → 409. */
async function tokenOwner(request: FastifyRequest, context: SessionContext): Promise<number | 'none' | 'unknown'> {
  const raw = presentedToken(request, context);
  if (!raw) return 'none';
  const found = await request.server.tokens.resolve(ACCESS_TYPE[context], raw);
  if (found.state === 'expired') throw tokenExpired();
  return found.state === 'valid' ? found.ownerId : 'unknown';
}

async function member(request: FastifyRequest): Promise<MemberRow | 'none' | 'unknown'> {
  const owner = await tokenOwner(request, 'user');
  if (typeof owner !== 'number') return owner;
  return (await request.server.tokens.enabledMember(owner)) ?? 'unknown';
}

/** preHandler: a logged-in member or 303 need login (409 when the token has expired). */
export async function requireUser(request: FastifyRequest): Promise<void> {
  const found = await member(request);
  if (typeof found !== 'object') throw needLogin();
  request.user = found;
}

/**
 * preHandler: the member when a valid token is sent, a visitor otherwise. An expired token still
 * answers 409 so the client refreshes; an unknown one is a visitor (the page works either way).
 */
export async function optionalUser(request: FastifyRequest): Promise<void> {
  const found = await member(request);
  if (typeof found === 'object') request.user = found;
}

/** preHandler: a logged-in admin or 303 need login (409 when the token has expired). */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  const owner = await tokenOwner(request, 'admin');
  const found = typeof owner === 'number' ? await request.server.tokens.enabledAdmin(owner) : undefined;
  if (!found) throw needLogin();
  request.admin = found;
}

/** The member set by requireUser, for handlers behind it. */
export function currentUser(request: FastifyRequest): MemberRow {
  if (!request.user) throw needLogin();
  return request.user;
}

/** The admin set by requireAdmin, for handlers behind it. */
export function currentAdmin(request: FastifyRequest): AdminRow {
  if (!request.admin) throw needLogin();
  return request.admin;
}
