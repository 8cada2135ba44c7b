import { IDEMPOTENCY_KEY_PATTERN } from '@framecraft/contracts/ledger';
import { memberCrud, memberGroupCrud, memberRuleCrud, moneyLogCrud, scoreLogCrud } from '@framecraft/contracts/crud/member';
import { writeSchema } from '@framecraft/contracts/crud/define';
import { moneyInputSchema, passwordSchema, recordId } from '@framecraft/contracts/validation';
import { hash } from '@node-rs/argon2';
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { admin as adminTable, token, user } from '../../../db/schema.ts';
import { ApiError } from '../../../shared/errors.ts';
import { validate } from '../../../shared/validation.ts';
import { newInviteCode } from '../../../shared/invite-code.ts';
import { changeMoney, changeScore, LedgerError } from '../../ledger/index.ts';
import { userMoneyLog, userScoreLog } from '../../ledger/index.ts';
import { userGroup, userRule } from '../../member-access/index.ts';
import { writeAdminLog } from '../core/plugin.ts';
import { adminRoute } from '../core/route-table.ts';
import type { CrudContext, Row } from '../crud/define.ts';
import { fromContract } from '../crud/contract.ts';
import { crudRoutes } from '../crud/routes.ts';

// The add/edit bodies come from the contracts definitions; adding a member requires a password.
const memberEdit = writeSchema(memberCrud);
const memberAdd = memberEdit.extend({ password: passwordSchema });

/** Log a member out everywhere, inside the caller's transaction. */
const revokeMemberTokens = (ctx: CrudContext, ids: number[]) => ctx.db.delete(token).where(and(inArray(token.ownerId, ids), inArray(token.type, ['user', 'user-refresh'])));

/** Yuan with up to 2 decimals, signed, not zero → integer cents (the contracts money module, decision 018). */
const cents = moneyInputSchema({ allowNegative: true, allowZero: false });
const points = z.coerce.number().int().min(-1_000_000_000).max(1_000_000_000).refine((v) => v !== 0, 'admin.member.invalidAmount');
const memo = z.string().trim().min(1).max(255);
/** One per opened adjustment dialog, resent on retry: the ledger reference of the adjustment (decision 019). */
const idempotencyKey = z.string().trim().regex(IDEMPOTENCY_KEY_PATTERN, 'admin.member.keyInvalid');
const moneyAdjustment = z.object({ user_id: recordId(), money: cents, memo, idempotency_key: idempotencyKey });
const scoreAdjustment = z.object({ user_id: recordId(), score: points, memo, idempotency_key: idempotencyKey });

/** The member back office (conventions "Built-in back-office modules": user/*). */
export function memberAdminRoutes(app: FastifyInstance) {
  crudRoutes(
    app,
    fromContract(memberCrud, {
      table: user,
      hidden: ['password', 'login_failure'],
      relationTables: { group: userGroup },
      schemas: { add: memberAdd as unknown as z.ZodType<Row>, edit: memberEdit as unknown as z.ZodType<Row> },
      hooks: {
        async beforeSave(data, ctx, existing) {
          const input = data as z.output<typeof memberEdit>;
          const id = existing?.id as number | undefined;
          const email = input.email || null;
          const mobile = input.mobile || null;
          const clashes = [sql`lower(${user.username}) = lower(${input.username})`];
          if (email) clashes.push(sql`lower(${user.email}) = lower(${email})`);
          if (mobile) clashes.push(eq(user.mobile, mobile));
          const [taken] = await ctx.db
            .select({ username: user.username, email: user.email, mobile: user.mobile })
            .from(user)
            .where(and(or(...clashes), id ? ne(user.id, id) : undefined))
            .limit(1);
          if (taken) {
            if (taken.username.toLowerCase() === input.username.toLowerCase()) throw new ApiError('admin.member.usernameTaken');
            throw new ApiError(email && taken.email?.toLowerCase() === email.toLowerCase() ? 'admin.member.emailTaken' : 'admin.member.mobileTaken');
          }
          const [group] = await ctx.db.select({ id: userGroup.id }).from(userGroup).where(eq(userGroup.id, input.group_id)).limit(1);
          if (!group) throw new ApiError('admin.crud.notFound');
          const { password, ...rest } = input;
          return {
            ...rest,
            email,
            mobile,
            birthday: input.birthday || null,
            ...(password ? { password: await hash(password) } : {}),
            ...(existing ? {} : { invite_code: newInviteCode() }),
          } as Row;
        },
        async afterSave(row, input, ctx) {
          if ((input as { password?: string }).password || row.status === 'disable') await revokeMemberTokens(ctx, [row.id as number]);
        },
        async beforeDelete(rows, ctx) {
          await revokeMemberTokens(ctx, rows.map((row) => row.id as number));
        },
      },
    }),
  );

  crudRoutes(
    app,
    fromContract(memberGroupCrud, {
      table: userGroup,
      hooks: {
        async beforeDelete(rows, ctx) {
          const ids = rows.map((row) => row.id as number);
          const [used] = await ctx.db.select({ id: user.id }).from(user).where(inArray(user.groupId, ids)).limit(1);
          if (used) throw new ApiError('admin.member.groupInUse');
        },
      },
    }),
  );

  crudRoutes(
    app,
    fromContract(memberRuleCrud, {
      table: userRule,
      relationTables: { parent: userRule },
      hooks: {
        beforeSave(data, _ctx, existing) {
          if (existing && data.pid === existing.id) throw new ApiError('admin.auth.parentIsSelf');
          return data;
        },
      },
    }),
  );

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
