import type { AdminMenu } from '@framecraft/contracts/admin';
import { toRuleNode } from '../../../shared/rule-node.ts';
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { adminRule } from '../tables.ts';
import type { AdminAccess } from './access.ts';

/** A node of the admin menu tree: the contract's `AdminMenu`. */
export type MenuNode = AdminMenu;

/** The enabled rules an admin holds, as a tree (menus, directories and buttons), by weight. */
export async function menuTree(db: Db, access: AdminAccess): Promise<MenuNode[]> {
  const rows = await db.select().from(adminRule).where(eq(adminRule.status, 1)).orderBy(desc(adminRule.weigh), asc(adminRule.id));
  const nodes = new Map<number, MenuNode>();
  for (const r of rows) {
    if (!access.super && !access.ruleIds.has(r.id)) continue;
    // The rule CRUD stores only the contract's rule and menu types (contracts/crud/auth).
    nodes.set(r.id, toRuleNode(r) as MenuNode);
  }
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.pid);
    if (parent) (parent.children ??= []).push(node);
    else if (node.pid === 0 || !nodes.has(node.pid)) {
      // A node whose parent the admin lacks is left out (its menu could not be reached).
      if (node.pid === 0) roots.push(node);
    }
  }
  return roots;
}
