import type { MemberRuleNode } from '@framecraft/contracts/member';
import { toRuleNode } from '../../shared/rule-node.ts';
import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { noPermission } from '../../shared/errors.ts';
import type { MemberRow } from '../session/index.ts';
import { currentUser, requireUser } from '../session/index.ts';
import { userGroup, userRule } from './tables.ts';

export const parseRuleIds = (rules: string): number[] =>
  rules
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isInteger(id) && id > 0);

type RuleRow = typeof userRule.$inferSelect;

/**
 * The enabled rules a member's group holds, by weight. A disabled or missing group holds nothing;
 * a held rule brings its ancestors along (a page is useless without the menu that shows it), but an
 * ancestor an admin disabled hides its subtree.
 */
export async function memberRules(db: Db, member: Pick<MemberRow, 'groupId'>): Promise<RuleRow[]> {
  const [group] = await db.select({ rules: userGroup.rules, status: userGroup.status }).from(userGroup).where(eq(userGroup.id, member.groupId));
  if (!group || group.status !== 1) return [];
  const all = await db.select().from(userRule).orderBy(desc(userRule.weigh), asc(userRule.id));
  const byId = new Map(all.map((r) => [r.id, r]));
  const everything = group.rules.trim() === '*';
  const granted = everything ? new Set(all.map((r) => r.id)) : new Set(parseRuleIds(group.rules));
  const held = new Set<number>();
  for (const id of granted) {
    for (let r = byId.get(id); r && !held.has(r.id); r = byId.get(r.pid)) held.add(r.id);
  }
  const usable = (r: RuleRow): boolean => r.status === 1 && (r.pid === 0 || (byId.has(r.pid) && usable(byId.get(r.pid)!)));
  return all.filter((r) => held.has(r.id) && usable(r));
}

const toNode = (r: RuleRow): MemberRuleNode => toRuleNode(r);

const MENU_TYPES = new Set(['menu_dir', 'menu']);

/**
 * The init call's `menus` (the member-centre menu tree: directories and menus) and `rules` (every
 * held node, flat, for the client's permission checks — spec §6).
 */
export function menusAndRules(rules: RuleRow[]): { menus: MemberRuleNode[]; rules: MemberRuleNode[] } {
  const nodes = new Map<number, MemberRuleNode>();
  for (const r of rules) if (MENU_TYPES.has(r.type)) nodes.set(r.id, toNode(r));
  const menus: MemberRuleNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.pid);
    if (parent) (parent.children ??= []).push(node);
    else if (node.pid === 0) menus.push(node);
  }
  // A directory without any page left is not shown.
  const pruned = (list: MemberRuleNode[]): MemberRuleNode[] =>
    list
      .map((n) => (n.children ? { ...n, children: pruned(n.children) } : n))
      .filter((n) => n.type !== 'menu_dir' || (n.children?.length ?? 0) > 0);
  return { menus: pruned(menus), rules: rules.map(toNode) };
}

/**
 * preHandler for a member call guarded by a permission node: a logged-in member (303/409 otherwise)
 * whose group holds `node`, else 401. The guard carries its node, so the route lands in
 * `app.memberRouteTable` with it (session's member route table).
 */
export function requireMemberNode(node: string) {
  const wanted = node.toLowerCase();
  const guard = async (request: FastifyRequest): Promise<void> => {
    await requireUser(request);
    const rules = await memberRules(request.server.deps.db, currentUser(request));
    if (!rules.some((r) => r.name.toLowerCase() === wanted)) throw noPermission();
  };
  return Object.assign(guard, { memberNode: node });
}

export interface MemberRouteSpec {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  /** The permission node of the member rule tree; `null` = any logged-in member. */
  node: string | null;
}

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * Register a member API route (decision 033), the member side's `adminRoute`: a logged-in member
 * (303/409 otherwise) whose group holds `node` (401 otherwise). It lands in `app.memberRouteTable`,
 * from which `matrix.test.ts` builds the member authorisation matrix.
 */
export function memberRoute(app: FastifyInstance, spec: MemberRouteSpec, handler: Handler): void {
  app.route({ method: spec.method, url: spec.url, preHandler: spec.node ? requireMemberNode(spec.node) : requireUser, handler });
}
