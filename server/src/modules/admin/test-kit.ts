import { HEADER } from '@framecraft/contracts/constants';
import { eq, inArray } from 'drizzle-orm';
import type { TestContext } from '../../../test/app.ts';
import { createAdmin } from '../../../test/fixtures.ts';
import { adminGroup, adminGroupAccess, adminRule } from './tables.ts';

/** Helpers for admin tests: admins with chosen nodes, and calls carrying their token. */
export function adminKit(ctx: TestContext) {
  const db = ctx.database.db;

  async function superGroupId(): Promise<number> {
    const [row] = await db.select({ id: adminGroup.id }).from(adminGroup).where(eq(adminGroup.rules, '*')).limit(1);
    return row!.id;
  }

  /** A group holding exactly the named nodes (plus nothing else). */
  async function groupWith(nodes: string[], values: Partial<typeof adminGroup.$inferInsert> = {}) {
    const rules = nodes.length ? await db.select({ id: adminRule.id }).from(adminRule).where(inArray(adminRule.name, nodes)) : [];
    if (rules.length !== nodes.length) throw new Error(`unknown nodes in ${nodes.join(', ')}`);
    const [group] = await db
      .insert(adminGroup)
      .values({ name: `group ${Math.random().toString(36).slice(2, 8)}`, rules: rules.map((r) => r.id).join(','), ...values })
      .returning();
    return group!;
  }

  /** A logged-in admin in the given groups; returns the row and an access token. */
  async function adminIn(groupIds: number[], values: Parameters<typeof createAdmin>[1] = {}) {
    const row = await createAdmin(db, values);
    if (groupIds.length) await db.insert(adminGroupAccess).values(groupIds.map((groupId) => ({ uid: row.id, groupId })));
    const { token } = await ctx.app.tokens.issue('admin', row.id);
    return { row, token };
  }

  const superAdmin = async () => adminIn([await superGroupId()]);
  const adminWith = async (nodes: string[], groupValues: Partial<typeof adminGroup.$inferInsert> = {}) =>
    adminIn([(await groupWith(nodes, groupValues)).id]);

  /** An API call as the app makes it; `token` goes in the admin header. */
  async function call(method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, body?: unknown, lang = 'en') {
    const response = await ctx.app.inject({
      method,
      url,
      headers: { server: 'true', [HEADER.lang]: lang, ...(token ? { [HEADER.adminToken]: token } : {}) },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    return response.json() as { code: number; msg: string; data: any; time: number }; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read any answer's fields
  }

  return { superGroupId, groupWith, adminIn, superAdmin, adminWith, call };
}

/** `{a: 1, b: [1, 2]}` → `a=1&b[0]=1&b[1]=2` (what the web request layer sends). */
export function qs(params: Record<string, unknown>): string {
  const pairs: string[] = [];
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) value.forEach((v, i) => add(`${key}[${i}]`, v));
    else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    else pairs.push(`${key}=${encodeURIComponent(String(value))}`);
  };
  for (const [k, v] of Object.entries(params)) add(k, v);
  return pairs.join('&');
}
