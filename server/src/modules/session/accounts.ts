import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';

export type SessionContext = 'admin' | 'user';

/**
 * The account rows session puts on a request. Their tables belong to member-access (`user`) and
 * admin (`admin`), which sit above session in the module graph, so each owner declares the type of
 * its request property (`declare module 'fastify'`, beside its lookup) and session reads it from
 * there — it imports neither module (decision 033, follow-up 2).
 */
export type MemberRow = NonNullable<FastifyRequest['user']>;
export type AdminRow = NonNullable<FastifyRequest['admin']>;

/**
 * How session finds an enabled account by id (disabled or missing accounts are unknown): the
 * owners' functions (`findEnabledMember` of member-access, `findEnabledAdmin` of admin), handed to
 * the session plugin by app.ts.
 */
export interface AccountLookups {
  member(db: Db, id: number): Promise<MemberRow | undefined>;
  admin(db: Db, id: number): Promise<AdminRow | undefined>;
}
