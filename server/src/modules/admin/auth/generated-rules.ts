/**
 * The back-office rules of a generated table (decision 045), written here because the rule tree
 * (`admin_rule`) belongs to admin: the code generator asks for them through admin's index.
 */
import { eq, like, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { adminRule } from '../tables.ts';

/** Insert the menu and its buttons (under the "Generated" directory) unless there; an existing menu gets the new title and icon. */
export async function ensureGeneratedMenu(db: Db, menu: { controller: string; title: string; icon: string }): Promise<void> {
  const { controller } = menu;
  const byName = async (name: string) => (await db.select({ id: adminRule.id }).from(adminRule).where(eq(adminRule.name, name)))[0]?.id;
  let dir = await byName('gen');
  dir ??= (await db.insert(adminRule).values({ pid: 0, type: 'menu_dir', title: 'Generated', name: 'gen', path: 'gen', icon: 'AppstoreOutlined', weigh: 0 }).returning({ id: adminRule.id }))[0]!.id;
  const existing = await byName(controller);
  if (existing) {
    await db.update(adminRule).set({ title: menu.title, icon: menu.icon }).where(eq(adminRule.id, existing));
    return;
  }
  const [created] = await db
    .insert(adminRule)
    .values({ pid: dir, type: 'menu', title: menu.title, name: controller, path: controller, icon: menu.icon, component: controller, keepalive: 1 })
    .returning({ id: adminRule.id });
  const titles: Record<string, string> = { index: 'View', add: 'Add', edit: 'Edit', del: 'Delete' };
  await db.insert(adminRule).values(Object.entries(titles).map(([action, title]) => ({ pid: created!.id, type: 'button', title, name: `${controller}/${action}` })));
}

/** Delete a generated table's menu and its buttons (`<controller>` and `<controller>/…`). */
export async function removeGeneratedMenu(db: Db, controller: string): Promise<void> {
  await db.delete(adminRule).where(or(eq(adminRule.name, controller), like(adminRule.name, `${controller}/%`)));
}
