import { IDEMPOTENCY_KEY_PATTERN } from '@framecraft/contracts/ledger';
import { moneyLogCrud, scoreLogCrud } from '@framecraft/contracts/crud/member';
import { moneyInputSchema, recordId } from '@framecraft/contracts/validation';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../../shared/errors.ts';
import { validate } from '../../shared/validation.ts';
import { adminRoute, adminTable, crudRoutes, fromContract, writeAdminLog } from '../admin/index.ts';
import { user } from '../member-access/index.ts';
import { changeMoney, changeScore, LedgerError } from './service.ts';
import { userMoneyLog, userScoreLog } from './tables.ts';

/** Yuan with up to 2 decimals, signed, not zero → integer cents (the contracts money module, decision 018). */
const cents = moneyInputSchema({ allowNegative: true, allowZero: false });
const points = z.coerce.number().int().min(-1_000_000_000).max(1_000_000_000).refine((v) => v !== 0, 'admin.member.invalidAmount');
const memo = z.string().trim().min(1).max(255);
/** One per opened adjustment dialog, resent on retry: the ledger reference of the adjustment (decision 019). */
const idempotencyKey = z.string().trim().regex(IDEMPOTENCY_KEY_PATTERN, 'admin.member.keyInvalid');
const moneyAdjustment = z.object({ user_id: recordId(), money: cents, memo, idempotency_key: idempotencyKey });
const scoreAdjustment = z.object({ user_id: recordId(), score: points, memo, idempotency_key: idempotencyKey });

/**
 * The back office's balance and points logs (user/moneyLog, user/scoreLog): listed through the
 * admin module's CRUD factory, added only through the ledger.
 */
export function ledgerAdminRoutes(app: FastifyInstance) {
  for (const kind of ['money', 'score'] as const) {
    const table = kind === 'money' ? userMoneyLog : userScoreLog;
    const controller = (kind === 'money' ? moneyLogCrud : scoreLogCrud).controller;
    // Listed through the CRUD; added only through the ledger (row lock, before/after, one transaction).
    crudRoutes(app, fromContract(kind === 'money' ? moneyLogCrud : scoreLogCrud, { table, relationTables: { user, admin: adminTable } }));
    adminRoute(app, { method: 'POST', path: `${controller}/add`, node: `${controller}/add` }, async (request, reply) => {
      const input =
        kind === 'money'
          ? (({ money, ...rest }) => ({ ...rest, delta: money }))(validate(moneyAdjustment, request.body, request.lang))
          : (({ score, ...rest }) => ({ ...rest, delta: score }))(validate(scoreAdjustment, request.body, request.lang));
      const change = kind === 'money' ? changeMoney : changeScore;
      const admin = request.admin!;
      try {
        // The ledger entry and its admin log row commit together; a retry with the same key finds the entry.
        const entry = await app.deps.db.transaction(async (tx) => {
          const created = await change(tx, {
            userId: input.user_id,
            delta: input.delta,
            kind: 'admin',
            refType: 'admin_adjustment',
            refId: input.idempotency_key,
            memo: input.memo,
            adminId: admin.id,
            allowNegative: false,
          });
          await writeAdminLog(tx, request);
          return created;
        });
        request.adminLogWritten = true;
        return reply.ok({ id: entry.id }, 'admin.crud.added');
      } catch (error) {
        if (!(error instanceof LedgerError)) throw error;
        if (error.reason === 'duplicate') {
          const existing = error.existing!;
          // A replay: the first request's entry (and its admin log row) stand; nothing changes.
          if (existing.userId !== input.user_id || existing.delta !== input.delta) throw new ApiError('admin.member.keyReused');
          request.adminLogWritten = true;
          return reply.ok({ id: existing.id }, 'admin.crud.added');
        }
        throw new ApiError(error.reason === 'insufficient' ? `admin.member.${kind}Insufficient` : 'admin.crud.notFound');
      }
    });
  }
}
