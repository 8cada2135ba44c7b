import type { LedgerEntryAnswer } from '@framecraft/contracts/ledger';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { validate } from '../../shared/validation.ts';
import { requireMemberNode } from '../member/index.ts';
import { currentUser } from '../session/index.ts';
import { listLedger, type LedgerEntry } from './service.ts';

const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

/** An entry as the member sees it: amounts as integer cents (money) or points (decision 018). */
const present = (entry: LedgerEntry, money: boolean): LedgerEntryAnswer => ({
  id: entry.id,
  kind: entry.kind,
  ref_type: entry.refType,
  ref_id: entry.refId,
  [money ? 'money' : 'score']: entry.delta,
  before: entry.before,
  after: entry.after,
  memo: entry.memo,
  create_time: Math.floor(entry.createdAt.getTime() / 1000),
});

/** The member's own balance and points logs, newest first (conventions: `{list, total}`). */
export async function ledgerRoutes(app: FastifyInstance) {
  for (const [path, account] of [['balance', 'money'], ['integral', 'score']] as const) {
    app.get(`/api/account/${path}`, { preHandler: requireMemberNode(`account/${path}`) }, async (request, reply) => {
      const { page, limit } = validate(pageQuery, request.query, request.lang);
      const { list, total } = await listLedger(app.deps.db, account, currentUser(request).id, page, limit);
      return reply.ok({ list: list.map((e) => present(e, account === 'money')), total });
    });
  }
}
