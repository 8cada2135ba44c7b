import { ADMIN_DATA_SCOPES, type AdminDataScope } from '@framecraft/contracts/crud/auth';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { AdminRow } from '../../session/index.ts';
import { adminGroup, adminGroupAccess, adminRule } from '../tables.ts';

export type DataScope = AdminDataScope;
export const DATA_SCOPES: readonly DataScope[] = ADMIN_DATA_SCOPES;
const SCOPE_RANK: Record<DataScope, number> = { own: 0, group: 1, subgroups: 2, all: 3 };

/** What one admin may do: resolved once per request from their enabled groups. */
export interface AdminAccess {
  adminId: number;
  /** Super flag on the account, or a group holding `*`. */
  super: boolean;
  groupIds: number[];
  /** Enabled rule ids the admin holds (all enabled rules for a super admin). */
  ruleIds: Set<number>;
  /** Lower-cased node names of those rules. */
  nodes: Set<string>;
  /** The widest data scope among the admin's groups. */
  dataScope: DataScope;
}

export const parseRuleIds = (rules: string): number[] =>
  rules
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);

export async function loadAccess(db: Db, admin: AdminRow): Promise<AdminAccess> {
  const groups = await db
    .select({ id: adminGroup.id, rules: adminGroup.rules, dataScope: adminGroup.dataScope })
    .from(adminGroupAccess)
    .innerJoin(adminGroup, eq(adminGroup.id, adminGroupAccess.groupId))
    .where(and(eq(adminGroupAccess.uid, admin.id), eq(adminGroup.status, 1)));
  const isSuper = admin.isSuper === 1 || groups.some((g) => g.rules.trim() === '*');
  const wanted = new Set(groups.flatMap((g) => parseRuleIds(g.rules)));
  // A granted node brings its menus along (a button is useless without the menu that shows it).
  const all = await db.select({ id: adminRule.id, pid: adminRule.pid, name: adminRule.name, status: adminRule.status }).from(adminRule);
  const byId = new Map(all.map((r) => [r.id, r]));
  const held = new Set<number>();
  for (const id of wanted) {
    for (let r = byId.get(id); r && !held.has(r.id); r = byId.get(r.pid)) held.add(r.id);
  }
  const rules = all.filter((r) => r.status === 1 && (isSuper || held.has(r.id)));
  let dataScope: DataScope = isSuper ? 'all' : 'own';
  for (const g of groups) {
    const scope = (DATA_SCOPES as readonly string[]).includes(g.dataScope) ? (g.dataScope as DataScope) : 'own';
    if (SCOPE_RANK[scope] > SCOPE_RANK[dataScope]) dataScope = scope;
  }
  return {
    adminId: admin.id,
    super: isSuper,
    groupIds: groups.map((g) => g.id),
    ruleIds: new Set(rules.map((r) => r.id)),
    nodes: new Set(rules.map((r) => r.name.toLowerCase())),
    dataScope,
  };
}

export const holdsNode = (access: AdminAccess, node: string) => access.super || access.nodes.has(node.toLowerCase());

/** Ids of admins whose rows an admin may see under their data scope; undefined = no limit. */
export async function scopedAdminIds(db: Db, access: AdminAccess): Promise<number[] | undefined> {
  if (access.super || access.dataScope === 'all') return undefined;
  if (access.dataScope === 'own' || access.groupIds.length === 0) return [access.adminId];
  let groupIds = access.groupIds;
  if (access.dataScope === 'subgroups') {
    const all = await db.select({ id: adminGroup.id, pid: adminGroup.pid }).from(adminGroup);
    const found = new Set(groupIds);
    let frontier = [...groupIds];
    while (frontier.length) {
      const next = all.filter((g) => frontier.includes(g.pid) && !found.has(g.id)).map((g) => g.id);
      next.forEach((id) => found.add(id));
      frontier = next;
    }
    groupIds = [...found];
  }
  const members = await db
    .selectDistinct({ uid: adminGroupAccess.uid })
    .from(adminGroupAccess)
    .where(inArray(adminGroupAccess.groupId, groupIds));
  return [...new Set([access.adminId, ...members.map((m) => m.uid)])];
}
