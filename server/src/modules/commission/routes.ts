/**
 * Invite commission (decision 039): the settle job, queued by commerce's paid and refunded events
 * inside their transactions; `/share`'s summary; the back office `user/commission` (records).
 */
import type { InviteSummary } from '@framecraft/contracts/coupon-constants';
import { userCommissionCrud } from '@framecraft/contracts/crud/member-money';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.ts';
import { user } from '../member-access/index.ts';
import { crudRoutes, fromContract } from '../admin/index.ts';
import { onOrderPaid, onOrderRefunded } from '../commerce/index.ts';
import type { JobRunner } from '../jobs/index.ts';
import { currentUser, requireUser } from '../session/index.ts';
import { commissionPercent, inviteFigures, settleCommission } from './service.ts';
import { commission } from './tables.ts';

const SETTLE_JOB = 'commission.settle';
const EARNING_KINDS = new Set(['course', 'vip']);

// Commerce's events are module-wide; the job runner is the app's (the latest registered one).
let jobs: JobRunner | undefined;
const queueSettle = async (tx: Db, order: { id: number; kind: string; refundedAmount: number }) => {
  if (!jobs || !EARNING_KINDS.has(order.kind)) return;
  // One job per event (paid, each refund step); a replayed event queues nothing new.
  await jobs.enqueue(SETTLE_JOB, { orderId: order.id }, { uniqueKey: `${order.id}:${order.refundedAmount}` }, tx);
};
onOrderPaid(queueSettle);
onOrderRefunded(queueSettle);

export const commissionRoutes = fp(async (app: FastifyInstance) => {
  const db = app.deps.db;
  jobs = app.jobs;
  app.jobs.define<{ orderId: number }>(
    SETTLE_JOB,
    async ({ orderId }) => settleCommission(db, orderId, await app.siteConfig.get('inviteCommissionPercent')),
    { maxAttempts: 5, backoffMs: 10_000 },
  );

  app.get('/api/invite/summary', { preHandler: requireUser }, async (request, reply) => {
    const member = currentUser(request);
    const answer: InviteSummary = {
      invite_code: member.inviteCode,
      reward_score: Math.max(0, Math.trunc(Number(await app.siteConfig.get('inviteRewardScore')) || 0)),
      commission_percent: commissionPercent(await app.siteConfig.get('inviteCommissionPercent')),
      ...(await inviteFigures(db, member.id)),
    };
    return reply.ok(answer);
  });

  crudRoutes(app, fromContract(userCommissionCrud, { table: commission, relationTables: { inviter: user, invitee: user } }));
});
