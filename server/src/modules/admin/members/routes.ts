import { IDEMPOTENCY_KEY_PATTERN } from '@framecraft/contracts/ledger';
import { accountSchema, int4, mobileSchema, moneyInputSchema, parentId, passwordSchema, recordId } from '@framecraft/contracts/validation';
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
import { crudRoutes } from '../crud/routes.ts';

const status = z.coerce.number().int().min(0).max(1).optional().default(1);
const optionalText = (max: number) => z.string().trim().max(max).optional().default('');

const memberFields = {
  username: accountSchema,
  nickname: z.string().trim().min(1).max(50),
  group_id: recordId(),
  avatar: optionalText(255),
  email: z.union([z.literal(''), z.email().max(100)]).optional().default(''),
  mobile: z.union([z.literal(''), mobileSchema]).optional().default(''),
  gender: z.coerce.number().int().min(0).max(2).optional().default(0),
  birthday: z.union([z.literal(''), z.iso.date()]).optional().default(''),
  motto: optionalText(255),
  status: z.enum(['enable', 'disable']).optional().default('enable'),
};
const memberAdd = z.object({ ...memberFields, password: passwordSchema });
const memberEdit = z.object({ ...memberFields, password: z.union([z.literal(''), passwordSchema]).optional().default('') });

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
  crudRoutes(app, {
    controller: 'user/user',
    table: user,
    quickSearch: ['username', 'nickname', 'email', 'mobile'],
    filterable: ['id', 'username', 'nickname', 'email', 'mobile', 'group_id', 'gender', 'status', 'money', 'score', 'vip_level', 'join_time', 'last_login_time'],
    sortable: ['id', 'username', 'money', 'score', 'vip_level', 'join_time', 'last_login_time'],
    defaultOrder: 'id,desc',
    hidden: ['password', 'login_failure'],
    relations: [{ as: 'group', localField: 'group_id', table: userGroup, foreignField: 'id', fields: ['name'] }],
    schemas: { add: memberAdd, edit: memberEdit },
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
  });

  crudRoutes(app, {
    controller: 'user/group',
    table: userGroup,
    quickSearch: ['name'],
    filterable: ['id', 'name', 'status', 'create_time'],
    sortable: ['id', 'name', 'create_time'],
    defaultOrder: 'id,asc',
    schemas: {
      add: z.object({ name: z.string().trim().min(1).max(100), rules: z.string().trim().regex(/^(\*|\d+(,\d+)*)$/, 'validation.invalidValue'), status }),
      edit: z.object({ name: z.string().trim().min(1).max(100), rules: z.string().trim().regex(/^(\*|\d+(,\d+)*)$/, 'validation.invalidValue'), status }),
    },
    hooks: {
      async beforeDelete(rows, ctx) {
        const ids = rows.map((row) => row.id as number);
        const [used] = await ctx.db.select({ id: user.id }).from(user).where(inArray(user.groupId, ids)).limit(1);
        if (used) throw new ApiError('admin.member.groupInUse');
      },
    },
  });

  const ruleSchema = z.object({
    pid: parentId().optional().default(0),
    type: z.enum(['menu_dir', 'menu', 'route', 'button', 'nav', 'nav_user_menu']),
    title: z.string().trim().min(1).max(50),
    name: z.string().trim().min(1).max(100).regex(/^[A-Za-z0-9_/\-.]+$/, 'validation.invalidValue'),
    path: optionalText(100),
    icon: optionalText(50),
    menu_type: z.enum(['tab', 'link', 'iframe']).optional().default('tab'),
    url: optionalText(255),
    component: optionalText(100),
    keepalive: z.coerce.number().int().min(0).max(1).optional().default(0),
    no_login_valid: z.coerce.number().int().min(0).max(1).optional().default(0),
    remark: optionalText(255),
    weigh: int4(-1_000_000, 1_000_000).optional(),
    status,
  });
  crudRoutes(app, {
    controller: 'user/rule',
    table: userRule,
    tree: true,
    weigh: 'weigh',
    quickSearch: ['title', 'name', 'path'],
    filterable: ['id', 'pid', 'type', 'title', 'name', 'path', 'status', 'create_time'],
    sortable: ['id', 'weigh', 'create_time'],
    defaultOrder: 'weigh,desc',
    schemas: { add: ruleSchema, edit: ruleSchema },
    hooks: {
      beforeSave(data, _ctx, existing) {
        if (existing && data.pid === existing.id) throw new ApiError('admin.auth.parentIsSelf');
        return data;
      },
    },
  });

  for (const kind of ['money', 'score'] as const) {
    const table = kind === 'money' ? userMoneyLog : userScoreLog;
    const controller = kind === 'money' ? 'user/moneyLog' : 'user/scoreLog';
    // Listed through the CRUD; added only through the ledger (row lock, before/after, one transaction).
    crudRoutes(app, {
      controller,
      table,
      actions: ['index'],
      quickSearch: ['memo', 'ref_id'],
      filterable: ['id', 'user_id', kind, 'kind', 'ref_type', 'ref_id', 'admin_id', 'memo', 'create_time'],
      sortable: ['id', kind, 'create_time'],
      defaultOrder: 'id,desc',
      relations: [
        { as: 'user', localField: 'user_id', table: user, foreignField: 'id', fields: ['username', 'nickname'] },
        { as: 'admin', localField: 'admin_id', table: adminTable, foreignField: 'id', fields: ['username'] },
      ],
      schemas: {},
    });
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
