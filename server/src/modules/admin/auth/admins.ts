import { authAdminCrud } from '@framecraft/contracts/crud/auth';
import { writeSchema } from '@framecraft/contracts/crud/define';
import { passwordSchema } from '@framecraft/contracts/validation';
import { hash } from '@node-rs/argon2';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { ApiError } from '../../../shared/errors.ts';
import { parseRuleIds, type AdminAccess } from '../core/access.ts';
import type { CrudContext, Row } from '../crud/define.ts';
import { fromContract } from '../crud/contract.ts';
import { crudRoutes } from '../crud/routes.ts';
import { revokeAdminTokens } from '../../session/index.ts';
import { admin, adminGroup, adminGroupAccess } from '../tables.ts';
import { grantGuard } from './grants.ts';

// The add/edit bodies come from the contracts definition; adding requires a password.
const editSchema = writeSchema(authAdminCrud);
const addSchema = editSchema.extend({ password: passwordSchema });

/** Log an admin out everywhere, inside the caller's transaction (app.tokens would use another connection). */
const revokeSessions = (ctx: CrudContext, uids: number[]) => revokeAdminTokens(ctx.db, uids);

/** Groups holding `*`; only a super admin may hand them out or touch their members. */
const superGroupIds = sql`(select id from ${adminGroup} where rules = '*')`;

/** Whether every rule of a group is one the admin holds. */
export function canGrantGroup(access: AdminAccess, group: { rules: string }): boolean {
  if (access.super) return true;
  if (group.rules.trim() === '*') return false;
  return parseRuleIds(group.rules).every((id) => access.ruleIds.has(id));
}

async function checkGroups(ctx: CrudContext, ids: number[]) {
  const groups = await ctx.db.select({ id: adminGroup.id, rules: adminGroup.rules }).from(adminGroup).where(inArray(adminGroup.id, ids));
  if (groups.length !== new Set(ids).size) throw new ApiError('admin.crud.notFound');
  if (!groups.every((g) => canGrantGroup(ctx.access, g))) throw new ApiError('admin.auth.groupBeyondOwn');
}

/** auth/admin: administrators and their groups. */
export function adminCrud(app: FastifyInstance) {
  return crudRoutes(
    app,
    fromContract(authAdminCrud, {
      table: admin,
      hidden: ['password', 'login_failure'],
      schemas: { add: addSchema as unknown as z.ZodType<Row>, edit: editSchema as unknown as z.ZodType<Row> },
      guard: grantGuard('held'),
      hooks: {
        // A non-super admin never sees super admins (who could otherwise be disabled or re-passworded).
        async scope(ctx) {
          if (ctx.access.super) return undefined;
          return sql`${admin.isSuper} = 0 and not exists (select 1 from ${adminGroupAccess} a where a.uid = ${admin.id} and a.group_id in ${superGroupIds})`;
        },
        async beforeSave(data, ctx, existing) {
          const input = data as z.output<typeof editSchema>;
          const id = existing?.id as number | undefined;
          const [taken] = await ctx.db
            .select({ id: admin.id })
            .from(admin)
            .where(and(sql`lower(${admin.username}) = lower(${input.username})`, id ? ne(admin.id, id) : undefined))
            .limit(1);
          if (taken) throw new ApiError('admin.auth.usernameTaken');
          await checkGroups(ctx, input.group_arr);
          if (id === ctx.access.adminId) {
            const mine = [...ctx.access.groupIds].sort().join(',');
            if ([...new Set(input.group_arr)].sort().join(',') !== mine) throw new ApiError('admin.auth.ownGroupLocked');
          }
          const { password, group_arr: _groups, ...rest } = input;
          return { ...rest, ...(password ? { password: await hash(password) } : {}) } as Row;
        },
        async afterSave(row, input, ctx) {
          const uid = row.id as number;
          const ids = [...new Set((input as z.output<typeof editSchema>).group_arr)];
          await ctx.db.delete(adminGroupAccess).where(eq(adminGroupAccess.uid, uid));
          await ctx.db.insert(adminGroupAccess).values(ids.map((groupId) => ({ uid, groupId })));
          if ((input as { password?: string }).password) await revokeSessions(ctx, [uid]);
        },
        async beforeDelete(rows, ctx) {
          if (rows.some((r) => r.id === ctx.access.adminId)) throw new ApiError('admin.auth.cannotDeleteSelf');
          const ids = rows.map((r) => r.id as number);
          await ctx.db.delete(adminGroupAccess).where(inArray(adminGroupAccess.uid, ids));
          await revokeSessions(ctx, ids);
        },
        async expand(rows, ctx) {
          const ids = rows.map((r) => r.id as number);
          const access = ids.length
            ? await ctx.db
                .select({ uid: adminGroupAccess.uid, id: adminGroup.id, name: adminGroup.name })
                .from(adminGroupAccess)
                .innerJoin(adminGroup, eq(adminGroup.id, adminGroupAccess.groupId))
                .where(inArray(adminGroupAccess.uid, ids))
            : [];
          for (const row of rows) {
            const mine = access.filter((a) => a.uid === row.id);
            row.group_arr = mine.map((a) => a.id);
            row.group_name_arr = mine.map((a) => a.name);
          }
        },
      },
    }),
  );
}
