import { sql } from 'drizzle-orm';
import { ApiError } from '../../../shared/errors.ts';
import { DATA_SCOPES, parseRuleIds, type DataScope } from '../core/access.ts';
import type { CrudContext, WriteGuard } from '../crud/define.ts';
import { admin, adminGroup, adminGroupAccess, adminRule } from '../tables.ts';

/** What a group or an admin effectively holds: enabled node names (or everything) and a data scope. */
interface Holding {
  all: boolean;
  nodes: Set<string>;
  scope: number;
}

interface GrantSnapshot {
  groups: Map<number, Holding>;
  admins: Map<number, Holding>;
}

const rank = (scope: string) => Math.max(0, DATA_SCOPES.indexOf(scope as DataScope));
const nothing = (): Holding => ({ all: false, nodes: new Set(), scope: 0 });

/**
 * Every group's and admin's effective permissions, computed the way `loadAccess` computes them
 * (ids plus their ancestors, enabled rules only, enabled groups only), read inside the caller's
 * transaction so that "before" and "after" a write can be compared.
 */
async function snapshot(ctx: CrudContext): Promise<GrantSnapshot> {
  const rules = await ctx.db.select({ id: adminRule.id, pid: adminRule.pid, name: adminRule.name, status: adminRule.status }).from(adminRule);
  const groups = await ctx.db.select({ id: adminGroup.id, rules: adminGroup.rules, status: adminGroup.status, scope: adminGroup.dataScope }).from(adminGroup);
  const members = await ctx.db.select({ uid: adminGroupAccess.uid, groupId: adminGroupAccess.groupId }).from(adminGroupAccess);
  const admins = await ctx.db.select({ id: admin.id, isSuper: admin.isSuper, status: admin.status }).from(admin);
  const byId = new Map(rules.map((r) => [r.id, r]));
  const groupHoldings = new Map<number, Holding>();
  for (const g of groups) {
    const holding = nothing();
    if (g.status === 1) {
      holding.scope = rank(g.scope);
      if (g.rules.trim() === '*') holding.all = true;
      else {
        const seen = new Set<number>();
        for (const id of parseRuleIds(g.rules)) {
          for (let r = byId.get(id); r && !seen.has(r.id); r = byId.get(r.pid)) {
            seen.add(r.id);
            if (r.status === 1) holding.nodes.add(r.name.toLowerCase());
          }
        }
      }
    }
    groupHoldings.set(g.id, holding);
  }
  const adminHoldings = new Map<number, Holding>();
  for (const a of admins) {
    const holding = nothing();
    if (a.status === 'enable') {
      if (a.isSuper === 1) holding.all = true;
      for (const m of members) {
        if (m.uid !== a.id) continue;
        const g = groupHoldings.get(m.groupId);
        if (!g) continue;
        holding.all ||= g.all;
        holding.scope = Math.max(holding.scope, g.scope);
        for (const n of g.nodes) holding.nodes.add(n);
      }
    }
    adminHoldings.set(a.id, holding);
  }
  return { groups: groupHoldings, admins: adminHoldings };
}

/**
 * How a write may change what groups and admins hold:
 * - `none`: not at all (rule edits: renaming, re-parenting, enabling or adding a rule must never
 *   hand a node to any group — the attack of issue 15 renamed rules into a group's grants);
 * - `held`: only by nodes and data scope the editing admin holds themselves (groups, admins).
 * The super admin is not limited.
 */
export function grantGuard(mode: 'none' | 'held'): WriteGuard {
  return async (ctx) => {
    if (ctx.access.super) return undefined;
    // One grant change at a time, so the comparison is not raced by a concurrent write.
    await ctx.db.execute(sql`select pg_advisory_xact_lock(hashtext('framecraft:admin-grants'))`);
    const before = await snapshot(ctx);
    const editor = before.admins.get(ctx.access.adminId) ?? nothing();
    return async () => {
      const after = await snapshot(ctx);
      for (const [kind, map] of [['groups', after.groups], ['admins', after.admins]] as const) {
        for (const [id, now] of map) {
          const was = before[kind].get(id) ?? nothing();
          if (now.all && !was.all) throw new ApiError(mode === 'none' ? 'admin.auth.ruleChangeGrants' : 'admin.auth.grantBeyondOwn');
          if (was.all) continue;
          for (const node of now.nodes) {
            if (was.nodes.has(node)) continue;
            if (mode === 'none') throw new ApiError('admin.auth.ruleChangeGrants');
            if (!editor.nodes.has(node)) throw new ApiError('admin.auth.grantBeyondOwn');
          }
          if (now.scope > was.scope && now.scope > editor.scope) throw new ApiError('admin.auth.scopeBeyondOwn');
        }
      }
    };
  };
}
