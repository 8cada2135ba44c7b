import { memberCrud, memberGroupCrud, memberRuleCrud } from '@framecraft/contracts/crud/member';
import { writeSchema } from '@framecraft/contracts/crud/define';
import { passwordSchema } from '@framecraft/contracts/validation';
import { hash } from '@node-rs/argon2';
import { and, count, eq, gte, inArray, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../shared/errors.ts';
import { newInviteCode } from '../../shared/invite-code.ts';
import { crudRoutes, fromContract, registerDashboardMembers, type CrudContext, type Row } from '../admin/index.ts';
import { revokeMemberTokens } from '../session/index.ts';
import { user, userGroup, userRule } from './tables.ts';

// The add/edit bodies come from the contracts definitions; adding a member requires a password.
const memberEdit = writeSchema(memberCrud);
const memberAdd = memberEdit.extend({ password: passwordSchema });

/** Log members out everywhere, inside the caller's transaction. */
const revokeSessions = (ctx: CrudContext, ids: number[]) => revokeMemberTokens(ctx.db, ids);

/** The dashboard's member figures, read from this module's table (decision 033: admin does not read it). */
const dashboardMemberFigures = {
  total: async (db: Db) => (await db.select({ n: count() }).from(user))[0]?.n ?? 0,
  joinedSince: async (db: Db, from: Date) => (await db.select({ n: count() }).from(user).where(gte(user.joinTime, from)))[0]?.n ?? 0,
  loggedInSince: async (db: Db, from: Date) => (await db.select({ n: count() }).from(user).where(gte(user.lastLoginTime, from)))[0]?.n ?? 0,
  /** New members per local day since `from` (index on user.join_time, decision 042). */
  joinedPerDay: (db: Db, from: Date) =>
    db
      .select({ day: sql<string>`to_char(${user.joinTime} at time zone current_setting('TimeZone'), 'YYYY-MM-DD')`, n: count() })
      .from(user)
      .where(gte(user.joinTime, from))
      .groupBy(sql`1`),
};

/**
 * The member back office's user/user, user/group and user/rule pages (conventions "Built-in
 * back-office modules"), on the admin module's CRUD factory; the tables are this module's.
 */
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
          if ((input as { password?: string }).password || row.status === 'disable') await revokeSessions(ctx, [row.id as number]);
        },
        async beforeDelete(rows, ctx) {
          await revokeSessions(ctx, rows.map((row) => row.id as number));
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
  registerDashboardMembers(dashboardMemberFigures);
}
