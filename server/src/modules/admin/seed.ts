import { hash } from '@node-rs/argon2';
import { count, eq, inArray } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { admin, adminGroup, adminGroupAccess, adminRule, securityDataRecycle, securitySensitiveData } from './tables.ts';

interface SeedRule {
  name: string;
  title: string;
  type: 'menu_dir' | 'menu' | 'button';
  icon?: string;
  keepalive?: boolean;
  /** Button actions under a menu: nodes `<name>/<action>`. */
  buttons?: string[];
  children?: SeedRule[];
}

const CRUD_BUTTONS = ['index', 'add', 'edit', 'del'];

/**
 * The built-in menu and node tree (conventions "Built-in back-office modules"). A menu's `name` is
 * also its route path under the admin prefix and the key of its page component on the web side.
 */
export const BUILT_IN_RULES: SeedRule[] = [
  { name: 'dashboard', title: 'Dashboard', type: 'menu', icon: 'DashboardOutlined', keepalive: true, buttons: ['index'] },
  {
    name: 'auth',
    title: 'Permissions',
    type: 'menu_dir',
    icon: 'SafetyCertificateOutlined',
    children: [
      { name: 'auth/group', title: 'Admin groups', type: 'menu', icon: 'TeamOutlined', keepalive: true, buttons: CRUD_BUTTONS },
      { name: 'auth/admin', title: 'Administrators', type: 'menu', icon: 'UserOutlined', keepalive: true, buttons: CRUD_BUTTONS },
      { name: 'auth/rule', title: 'Menu rules', type: 'menu', icon: 'MenuOutlined', keepalive: true, buttons: [...CRUD_BUTTONS, 'sortable'] },
      { name: 'auth/adminLog', title: 'Admin log', type: 'menu', icon: 'FileSearchOutlined', keepalive: true, buttons: ['index'] },
    ],
  },
  {
    name: 'organization',
    title: 'Organization',
    type: 'menu_dir',
    icon: 'ApartmentOutlined',
    children: [
      { name: 'organization/department', title: 'Departments', type: 'menu', icon: 'ClusterOutlined', keepalive: true, buttons: [...CRUD_BUTTONS, 'sortable'] },
      { name: 'organization/job', title: 'Jobs', type: 'menu', icon: 'IdcardOutlined', keepalive: true, buttons: [...CRUD_BUTTONS, 'sortable'] },
    ],
  },
  {
    name: 'user',
    title: 'Members',
    type: 'menu_dir',
    icon: 'TeamOutlined',
    children: [
      { name: 'user/user', title: 'Members', type: 'menu', icon: 'UserOutlined', keepalive: true, buttons: CRUD_BUTTONS },
      { name: 'user/group', title: 'Member groups', type: 'menu', icon: 'ApartmentOutlined', keepalive: true, buttons: CRUD_BUTTONS },
      { name: 'user/rule', title: 'Member rules', type: 'menu', icon: 'MenuOutlined', keepalive: true, buttons: [...CRUD_BUTTONS, 'sortable'] },
      { name: 'user/moneyLog', title: 'Balance log', type: 'menu', icon: 'WalletOutlined', keepalive: true, buttons: ['index', 'add'] },
      { name: 'user/scoreLog', title: 'Points log', type: 'menu', icon: 'StarOutlined', keepalive: true, buttons: ['index', 'add'] },
      { name: 'user/commission', title: 'Invite commission', type: 'menu', icon: 'ShareAltOutlined', keepalive: true, buttons: ['index'] },
    ],
  },
  {
    name: 'shop',
    title: 'Shop',
    type: 'menu_dir',
    icon: 'ShopOutlined',
    children: [
      { name: 'shop/course', title: 'Items', type: 'menu', icon: 'BookOutlined', keepalive: true, buttons: [...CRUD_BUTTONS, 'sortable'] },
      { name: 'shop/order', title: 'Orders', type: 'menu', icon: 'ProfileOutlined', keepalive: true, buttons: ['index', 'close', 'refund', 'query'] },
      { name: 'shop/payLog', title: 'Pay log', type: 'menu', icon: 'TransactionOutlined', keepalive: true, buttons: ['index'] },
      { name: 'shop/cart', title: 'Carts', type: 'menu', icon: 'ShoppingCartOutlined', keepalive: true, buttons: ['index', 'del'] },
      { name: 'shop/coupon', title: 'Coupons', type: 'menu', icon: 'TagsOutlined', keepalive: true, buttons: [...CRUD_BUTTONS, 'issue'] },
      { name: 'shop/couponClaim', title: 'Coupon claims and uses', type: 'menu', icon: 'TagOutlined', keepalive: true, buttons: ['index'] },
      { name: 'shop/topup', title: 'Top-ups', type: 'menu', icon: 'WalletOutlined', keepalive: true, buttons: ['index'] },
      { name: 'shop/vip', title: 'VIP tiers', type: 'menu', icon: 'CrownOutlined', keepalive: true, buttons: [...CRUD_BUTTONS, 'sortable'] },
      { name: 'shop/type', title: 'Types', type: 'menu', icon: 'TagsOutlined', keepalive: true, buttons: [...CRUD_BUTTONS, 'sortable'] },
      { name: 'shop/notice', title: 'Notices', type: 'menu', icon: 'BellOutlined', keepalive: true, buttons: [...CRUD_BUTTONS, 'sortable'] },
      { name: 'shop/collect', title: 'Favourites', type: 'menu', icon: 'StarOutlined', keepalive: true, buttons: ['index'] },
      { name: 'shop/smsTemplate', title: 'SMS templates', type: 'menu', icon: 'MessageOutlined', keepalive: true, buttons: CRUD_BUTTONS },
    ],
  },
  {
    name: 'routine',
    title: 'Routine',
    type: 'menu_dir',
    icon: 'SettingOutlined',
    children: [
      { name: 'routine/config', title: 'System settings', type: 'menu', icon: 'ToolOutlined', buttons: ['index', 'edit', 'sendTestMail'] },
      { name: 'routine/attachment', title: 'Attachments', type: 'menu', icon: 'PictureOutlined', keepalive: true, buttons: ['index', 'del'] },
      { name: 'routine/smsLog', title: 'SMS log', type: 'menu', icon: 'MessageOutlined', keepalive: true, buttons: ['index'] },
      { name: 'routine/backgroundJob', title: 'Background jobs', type: 'menu', icon: 'ScheduleOutlined', keepalive: true, buttons: ['index', 'retry'] },
      { name: 'routine/adminInfo', title: 'Profile', type: 'menu', icon: 'ProfileOutlined' },
      { name: 'crud/generator', title: 'Code generator', type: 'menu', icon: 'CodeOutlined', keepalive: true, buttons: ['index', 'generate', 'del'] },
    ],
  },
  {
    name: 'security',
    title: 'Data security',
    type: 'menu_dir',
    icon: 'LockOutlined',
    children: [
      { name: 'security/dataRecycle', title: 'Recycle rules', type: 'menu', icon: 'DeleteOutlined', buttons: CRUD_BUTTONS },
      { name: 'security/dataRecycleLog', title: 'Recycle bin', type: 'menu', icon: 'RestOutlined', buttons: ['index', 'del', 'restore'] },
      { name: 'security/sensitiveData', title: 'Sensitive data rules', type: 'menu', icon: 'EyeInvisibleOutlined', buttons: CRUD_BUTTONS },
      { name: 'security/sensitiveDataLog', title: 'Sensitive data log', type: 'menu', icon: 'AuditOutlined', buttons: ['index', 'del', 'rollback'] },
    ],
  },
];

const BUTTON_TITLES: Record<string, string> = {
  index: 'View',
  add: 'Add',
  edit: 'Edit',
  del: 'Delete',
  sortable: 'Sort',
  restore: 'Restore',
  rollback: 'Roll back',
  sendTestMail: 'Send test mail',
  close: 'Close',
  refund: 'Refund',
  query: 'Query provider',
  retry: 'Retry',
  generate: 'Generate',
  issue: 'Issue',
};

/** Deletes through these controllers are copied to the recycle bin from the start. */
const RECYCLE_RULES = [
  { name: 'Departments', controller: 'organization/department', dataTable: 'department' },
  { name: 'Jobs', controller: 'organization/job', dataTable: 'job' },
  { name: 'Administrators', controller: 'auth/admin', dataTable: 'admin' },
  { name: 'Admin groups', controller: 'auth/group', dataTable: 'admin_group' },
  { name: 'Menu rules', controller: 'auth/rule', dataTable: 'admin_rule' },
];

const SENSITIVE_RULES: { name: string; controller: string; dataTable: string; dataFields: Record<string, string> }[] = [
  {
    name: 'Administrators',
    controller: 'auth/admin',
    dataTable: 'admin',
    dataFields: { username: 'Username', email: 'E-mail', mobile: 'Mobile', password: 'Password', status: 'Status' },
  },
  { name: 'Departments', controller: 'organization/department', dataTable: 'department', dataFields: { responsible: 'Responsible', phone: 'Phone', email: 'E-mail' } },
];

export const SUPER_GROUP_NAME = 'Super administrators';

/**
 * An example group with catalogue rights only (issue 19): a shop owner puts staff in it, or copies
 * it. Seeded once by name; nodes not registered yet (a feature not installed) are skipped.
 */
export const EDITOR_GROUP_NAME = 'Catalogue editors';
const EDITOR_NODES = [
  'dashboard/index',
  ...['index', 'add', 'edit', 'del', 'sortable'].flatMap((a) => [`shop/type/${a}`, `shop/notice/${a}`, `shop/course/${a}`]),
  'shop/collect/index',
];

export interface AdminSeedOptions {
  /** ADMIN_INITIAL_PASSWORD; a random password otherwise. */
  initialPassword?: string;
  /** Where the first super admin's credentials are printed, once. */
  announce?: (line: string) => void;
}

/**
 * Inserts the rules of the tree that are missing (by name) and returns how many. Existing ids come
 * from one query, so a start on an installed shop costs one round trip, not two per rule.
 */
async function insertRules(db: Db, rules: SeedRule[], pid: number, known?: Map<string, number>): Promise<number> {
  known ??= new Map((await db.select({ id: adminRule.id, name: adminRule.name }).from(adminRule)).map((r) => [r.name, r.id]));
  let added = 0;
  let weigh = rules.length * 10;
  for (const rule of rules) {
    let id = known.get(rule.name);
    if (id === undefined) {
      const [row] = await db
        .insert(adminRule)
        .values({ pid, type: rule.type, title: rule.title, name: rule.name, path: rule.type === 'button' ? '' : rule.name, icon: rule.icon ?? '', component: rule.type === 'menu' ? rule.name : '', keepalive: rule.keepalive ? 1 : 0, weigh })
        .onConflictDoNothing({ target: adminRule.name })
        .returning({ id: adminRule.id });
      if (row) added++;
      // Another instance starting at the same moment may have inserted it first.
      id = row?.id ?? (await db.select({ id: adminRule.id }).from(adminRule).where(eq(adminRule.name, rule.name)))[0]!.id;
    }
    weigh--;
    const buttons = (rule.buttons ?? []).map((action) => ({ name: `${rule.name}/${action}`, title: BUTTON_TITLES[action] ?? action, type: 'button' as const }));
    added += await insertRules(db, [...buttons, ...(rule.children ?? [])], id, known);
  }
  return added;
}

async function seedEditorGroup(db: Db, superGroupId: number) {
  const [existing] = await db.select({ id: adminGroup.id }).from(adminGroup).where(eq(adminGroup.name, EDITOR_GROUP_NAME)).limit(1);
  if (existing) return;
  const rules = await db.select({ id: adminRule.id }).from(adminRule).where(inArray(adminRule.name, EDITOR_NODES));
  // Below the super group, so super admins manage it like any delegated group.
  await db.insert(adminGroup).values({ pid: superGroupId, name: EDITOR_GROUP_NAME, rules: rules.map((r) => r.id).join(','), dataScope: 'own' });
}

/** Rules, the super group, recycle/sensitive rules, and a first super admin when there is no admin. */
export async function seedAdmin(db: Db, options: AdminSeedOptions = {}): Promise<{ rulesAdded: number; adminCreated: boolean }> {
  const rulesAdded = await insertRules(db, BUILT_IN_RULES, 0);
  await db.insert(securityDataRecycle).values(RECYCLE_RULES).onConflictDoNothing({ target: securityDataRecycle.controller });
  await db.insert(securitySensitiveData).values(SENSITIVE_RULES).onConflictDoNothing({ target: securitySensitiveData.controller });
  let [superGroup] = await db.select({ id: adminGroup.id }).from(adminGroup).where(eq(adminGroup.rules, '*')).limit(1);
  superGroup ??= (await db.insert(adminGroup).values({ name: SUPER_GROUP_NAME, rules: '*', dataScope: 'all' }).returning({ id: adminGroup.id }))[0]!;
  await seedEditorGroup(db, superGroup.id);

  const [{ admins } = { admins: 0 }] = await db.select({ admins: count() }).from(admin);
  if (admins > 0) return { rulesAdded, adminCreated: false };
  const password = options.initialPassword ?? randomBytes(12).toString('base64url');
  const [created] = await db
    .insert(admin)
    .values({ username: 'admin', nickname: 'Admin', password: await hash(password), isSuper: 1 })
    .onConflictDoNothing()
    .returning({ id: admin.id });
  if (!created) return { rulesAdded, adminCreated: false };
  await db.insert(adminGroupAccess).values({ uid: created.id, groupId: superGroup.id });
  if (!options.initialPassword) {
    options.announce?.(`Super administrator created — username: admin, password: ${password} (shown only this once; change it after logging in)`);
  } else {
    options.announce?.('Super administrator created — username: admin, password from ADMIN_INITIAL_PASSWORD');
  }
  return { rulesAdded, adminCreated: true };
}
