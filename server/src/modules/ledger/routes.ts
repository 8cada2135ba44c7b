import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { validate } from '../../shared/validation.ts';
import { requireMemberNode } from '../member/access.ts';
import { currentUser } from '../session/guards.ts';
import { centsToYuan, listLedger, type LedgerEntry } from './service.ts';

const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

const present = (entry: LedgerEntry, money: boolean) => ({
  id: entry.id,
  [money ? 'money' : 'score']: money ? centsToYuan(entry.delta) : entry.delta,
  before: money ? centsToYuan(entry.before) : entry.before,
  after: money ? centsToYuan(entry.after) : entry.after,
  memo: entry.memo,
  create_time: Math.floor(entry.createdAt.getTime() / 1000),
});

/** The member's own balance and points logs, newest first (conventions: `{list, total}`). */
export async function ledgerRoutes(app: FastifyInstance) {
  for (const [path, kind] of [['balance', 'money'], ['integral', 'score']] as const) {
    app.get(`/api/account/${path}`, { preHandler: requireMemberNode(`account/${path}`) }, async (request, reply) => {
      const { page, limit } = validate(pageQuery, request.query, request.lang);
      const { list, total } = await listLedger(app.deps.db, kind, currentUser(request).id, page, limit);
      return reply.ok({ list: list.map((e) => present(e, kind === 'money')), total });
    });
  }
}
