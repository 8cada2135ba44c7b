import { count, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { authGroupCrud } from '@framecraft/contracts/crud/auth';
import type { WriteShape } from '@framecraft/contracts/crud/define';
import { ApiError } from '../../../shared/errors.ts';
import { parseRuleIds, type AdminAccess } from '../core/access.ts';
import type { CrudContext, ReadContext, Row } from '../crud/define.ts';
import { fromContract } from '../crud/contract.ts';
import { crudRoutes } from '../crud/routes.ts';
import { adminGroup, adminGroupAccess, adminRule } from '../tables.ts';
import { grantGuard } from './grants.ts';

/** The add/edit body (derived from the contracts definition by `fromContract`). */
type Input = z.output<z.ZodObject<WriteShape<typeof authGroupCrud>>>;

/** The admin's groups and all their descendants (a non-super admin manages only the descendants). */
export async function groupDescendants(ctx: ReadContext, access: AdminAccess): Promise<{ own: number[]; below: number[] }> {
  const all = await ctx.db.select({ id: adminGroup.id, pid: adminGroup.pid }).from(adminGroup);
  const below = new Set<number>();
  let frontier = [...access.groupIds];
  while (frontier.length) {
    const next = all.filter((g) => frontier.includes(g.pid) && !below.has(g.id) && !access.groupIds.includes(g.id)).map((g) => g.id);
    next.forEach((id) => below.add(id));
    frontier = next;
  }
  return { own: access.groupIds, below: [...below] };
}

/** The chosen rules plus their ancestors, so that a granted button's menu is reachable. */
async function withAncestors(ctx: CrudContext, ids: number[]): Promise<number[]> {
  const all = await ctx.db.select({ id: adminRule.id, pid: adminRule.pid }).from(adminRule);
  const byId = new Map(all.map((r) => [r.id, r.pid]));
  const out = new Set<number>();
  for (const id of ids) {
    if (!byId.has(id)) throw new ApiError('admin.crud.notFound');
    let current: number | undefined = id;
    while (current && !out.has(current)) {
      out.add(current);
      current = byId.get(current);
    }
  }
  return [...out].sort((a, b) => a - b);
}

/** auth/group: admin groups, a tree; a group grants only rules its editor holds. */
export function groupCrud(app: FastifyInstance) {
  return crudRoutes(
    app,
    fromContract(authGroupCrud, {
      table: adminGroup,
      relationTables: { parent: adminGroup },
      // Whatever the route (edit, enable, restore, roll back `rules`), a group gains only what the editor holds.
      guard: grantGuard('held'),
      hooks: {
        async scope(ctx): Promise<SQL | undefined> {
          if (ctx.access.super) return undefined;
          const { below } = await groupDescendants(ctx, ctx.access);
          return inArray(adminGroup.id, [...below, 0]);
        },
        async beforeSave(data, ctx, existing) {
          const input = data as Input;
          const id = existing?.id as number | undefined;
          if (id && input.pid === id) throw new ApiError('admin.auth.parentIsSelf');
          if (!ctx.access.super) {
            const { own, below } = await groupDescendants(ctx, ctx.access);
            if (input.pid === 0 || ![...own, ...below].includes(input.pid) || input.pid === id) throw new ApiError('admin.auth.groupBeyondOwn');
            // Rules the group already has may stay; added ones must be held by the editor.
            const kept = new Set(existing ? parseRuleIds(String(existing.rules)) : []);
            if (input.rules.some((r) => !kept.has(r) && !ctx.access.ruleIds.has(r))) throw new ApiError('admin.auth.rulesBeyondOwn');
          }
          if (existing && String(existing.rules).trim() === '*') {
            // The super group stays `*`: its rules are not edited from a list.
            return { ...input, rules: '*' } as Row;
          }
          return { ...input, rules: (await withAncestors(ctx, input.rules)).join(','), ...(existing ? {} : { admin_id: ctx.access.adminId }) } as Row;
        },
        async beforeDelete(rows, ctx) {
          const ids = rows.map((r) => r.id as number);
          if (rows.some((r) => String(r.rules).trim() === '*')) throw new ApiError('admin.auth.superOnly');
          if (ids.some((id) => ctx.access.groupIds.includes(id))) throw new ApiError('admin.auth.ownGroupLocked');
          const [{ n } = { n: 0 }] = await ctx.db.select({ n: count() }).from(adminGroupAccess).where(inArray(adminGroupAccess.groupId, ids));
          if (n > 0) throw new ApiError('admin.auth.groupHasAdmins');
          const [{ c } = { c: 0 }] = await ctx.db.select({ c: count() }).from(adminGroup).where(inArray(adminGroup.pid, ids));
          if (c > rows.filter((r) => ids.includes(r.pid as number)).length) throw new ApiError('admin.auth.groupHasChildren');
        },
        async expand(rows) {
          for (const row of rows) row.rule_ids = String(row.rules).trim() === '*' ? '*' : parseRuleIds(String(row.rules));
        },
      },
    }),
  );
}
