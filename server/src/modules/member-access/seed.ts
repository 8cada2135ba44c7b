import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { parseRuleIds } from './access.ts';
import { userGroup, userRule } from './tables.ts';

interface SeedRule {
  /** The permission node; API calls of the page check it (see `MEMBER_NODES`). */
  name: string;
  title: string;
  type: 'menu_dir' | 'menu';
  /** Web route of a menu. */
  path?: string;
  icon: string;
  keepalive?: boolean;
  children?: SeedRule[];
}

/**
 * The member-centre menu tree (spec §2 `/user` and its children). A menu's `component` is its
 * name, which the web app maps to a page; titles are the English fallback, the web translates
 * seeded rules by name.
 */
export const MEMBER_RULES: SeedRule[] = [
  { name: 'account/overview', title: 'Overview', type: 'menu', path: '/user/overview', icon: 'DashboardOutlined' },
  {
    name: 'account',
    title: 'My account',
    type: 'menu_dir',
    icon: 'UserOutlined',
    children: [
      { name: 'account/profile', title: 'Profile', type: 'menu', path: '/user/profile', icon: 'IdcardOutlined' },
      { name: 'account/changePassword', title: 'Change password', type: 'menu', path: '/user/change-password', icon: 'KeyOutlined' },
      { name: 'account/security', title: 'Account security', type: 'menu', path: '/user/security', icon: 'SafetyCertificateOutlined' },
      { name: 'account/balance', title: 'Balance log', type: 'menu', path: '/user/balance', icon: 'WalletOutlined', keepalive: true },
      { name: 'account/integral', title: 'Points log', type: 'menu', path: '/user/integral', icon: 'GiftOutlined', keepalive: true },
      { name: 'account/checkIn', title: 'Daily check-in', type: 'menu', path: '/user/check-in', icon: 'CalendarOutlined' },
    ],
  },
  {
    name: 'shopping',
    title: 'My shopping',
    type: 'menu_dir',
    icon: 'ShoppingOutlined',
    children: [
      { name: 'user/myCollections', title: 'My collections', type: 'menu', path: '/user/my-collections', icon: 'HeartOutlined', keepalive: true },
      { name: 'user/myPurchases', title: 'My purchases', type: 'menu', path: '/user/my-purchases', icon: 'PlaySquareOutlined', keepalive: true },
      { name: 'user/myOrders', title: 'My orders', type: 'menu', path: '/user/my-orders', icon: 'FileTextOutlined', keepalive: true },
      { name: 'user/myPayments', title: 'My payments', type: 'menu', path: '/user/my-payments', icon: 'TransactionOutlined', keepalive: true },
      { name: 'user/myCoupons', title: 'My coupons', type: 'menu', path: '/user/my-coupons', icon: 'TagsOutlined', keepalive: true },
    ],
  },
  { name: 'user/faq', title: 'FAQ', type: 'menu', path: '/user/faq', icon: 'QuestionCircleOutlined' },
];

export const DEFAULT_GROUP_ID = 1;
export const DEFAULT_GROUP_NAME = 'Default group';

/** Inserts the missing rules (by name), collecting their ids; existing ids come from one query. */
async function insertRules(db: Db, rules: SeedRule[], pid: number, added: number[], known?: Map<string, number>): Promise<void> {
  known ??= new Map((await db.select({ id: userRule.id, name: userRule.name }).from(userRule)).map((r) => [r.name, r.id]));
  let weigh = rules.length * 10;
  for (const rule of rules) {
    let id = known.get(rule.name);
    if (id === undefined) {
      const [row] = await db
        .insert(userRule)
        .values({
          pid,
          type: rule.type,
          title: rule.title,
          name: rule.name,
          path: rule.path ?? '',
          icon: rule.icon,
          component: rule.type === 'menu' ? rule.name : '',
          keepalive: rule.keepalive ? 1 : 0,
          weigh,
        })
        .onConflictDoNothing({ target: userRule.name })
        .returning({ id: userRule.id });
      if (row) added.push(row.id);
      // Another instance starting at the same moment may have inserted it first.
      id = row?.id ?? (await db.select({ id: userRule.id }).from(userRule).where(eq(userRule.name, rule.name)))[0]!.id;
    }
    weigh--;
    await insertRules(db, rule.children ?? [], id, added, known);
  }
}

/**
 * The member rule tree and the default group (id 1, the group of new members). Idempotent: a rule
 * that already exists is left as an admin edited it; a rule added by this run is granted to the
 * default group, so new member-centre pages reach existing installations.
 */
export async function seedMember(db: Db): Promise<{ rulesAdded: number }> {
  const added: number[] = [];
  await insertRules(db, MEMBER_RULES, 0, added);
  const [group] = await db.select().from(userGroup).where(eq(userGroup.id, DEFAULT_GROUP_ID));
  if (!group) {
    const all = await db.select({ id: userRule.id }).from(userRule).orderBy(userRule.id);
    await db.insert(userGroup).values({ id: DEFAULT_GROUP_ID, name: DEFAULT_GROUP_NAME, rules: all.map((r) => r.id).join(',') });
    // The id was given explicitly: move the sequence past it.
    await db.execute(sql`select setval(pg_get_serial_sequence('user_group', 'id'), (select max(id) from user_group))`);
  } else if (added.length && group.rules.trim() !== '*') {
    const rules = [...new Set([...parseRuleIds(group.rules), ...added])].join(',');
    await db.update(userGroup).set({ rules, updatedAt: sql`now()` }).where(eq(userGroup.id, DEFAULT_GROUP_ID));
  }
  return { rulesAdded: added.length };
}
