import { accountSchema, mobileSchema, parentId, passwordSchema, recordId } from '../validation.ts';
import { z } from '../zod.ts';
import { defineCrud, type CrudRow } from './define.ts';
import { createTime, idField, statusField, weighField } from './fields.ts';

/**
 * auth/* on CRUD v2 (decision 040): administrators, their groups, the rule (menu and permission
 * node) tree and the admin log. What a definition cannot say — group grants, password hashing,
 * group memberships — stays in the server's hooks (server/src/modules/admin/auth).
 */

/** How far an admin's list reaches: own rows, the group's, the sub-groups', everything. */
export const ADMIN_DATA_SCOPES = ['own', 'group', 'subgroups', 'all'] as const;
export type AdminDataScope = (typeof ADMIN_DATA_SCOPES)[number];
export const ENABLE_STATES = ['enable', 'disable'] as const;

/** A list of ids as an array or a comma-separated string. */
const idList = (max: number, min = 0) =>
  z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(recordId()).min(min).max(max));

export const authAdminCrud = defineCrud({
  controller: 'auth/admin',
  defaultOrder: 'id,asc',
  actions: ['index', 'add', 'edit', 'del', 'export'],
  fields: [
    idField,
    { name: 'username', type: 'string', search: true, filter: true, sort: true, form: { required: true }, schema: accountSchema },
    { name: 'nickname', type: 'string', search: true, filter: true, form: { required: true }, schema: z.string().trim().min(1).max(50) },
    // Not a column: the admin's groups (ids in, ids and names out — the server's expand hook).
    { name: 'group_arr', type: 'text', label: 'fields.groups', form: { required: true }, schema: idList(50, 1) },
    { name: 'email', type: 'string', search: true, filter: true, list: { hidden: true }, form: {}, schema: z.union([z.literal(''), z.email().max(100)]).optional().default('') },
    { name: 'mobile', type: 'string', search: true, filter: true, list: { hidden: true }, form: {}, schema: z.union([z.literal(''), mobileSchema]).optional().default('') },
    // Required when adding (`authAdminAddSchema`); blank on edit keeps the password.
    { name: 'password', type: 'string', list: false, form: { help: 'fields.passwordHelp' }, schema: z.union([z.literal(''), passwordSchema]).optional().default('') },
    { name: 'avatar', type: 'image', list: false, form: false, schema: z.string().trim().max(255).optional().default('') },
    { name: 'motto', type: 'string', list: false, form: false, schema: z.string().trim().max(255).optional().default('') },
    { name: 'status', type: 'enum', options: ENABLE_STATES, optionLabel: 'enableState', filter: true, list: { width: 100 }, form: { default: 'enable' }, schema: z.enum(ENABLE_STATES).optional().default('enable') },
    { name: 'last_login_time', type: 'datetime', filter: true, sort: true, list: { width: 170 }, form: false },
    { name: 'create_time', type: 'datetime', filter: true, sort: true, list: { width: 170, hidden: true }, form: false },
  ],
});
export type AuthAdminRow = CrudRow<typeof authAdminCrud> & { group_name_arr: string[] };

export const authGroupCrud = defineCrud({
  controller: 'auth/group',
  tree: true,
  defaultOrder: 'id,asc',
  actions: ['index', 'add', 'edit', 'del', 'export'],
  fields: [
    idField,
    { name: 'name', type: 'string', search: true, filter: true, sort: true, form: { required: true }, schema: z.string().trim().min(1).max(100) },
    {
      name: 'pid',
      type: 'relation',
      label: 'fields.parentGroup',
      filter: true,
      relation: { as: 'parent', controller: 'auth/group', labelField: 'name', fields: [], tree: true },
      list: false,
      form: { required: true },
      schema: parentId().optional().default(0),
    },
    { name: 'data_scope', type: 'enum', options: ADMIN_DATA_SCOPES, optionLabel: 'scope', filter: true, form: { default: 'all', help: 'fields.dataScopeHelp' }, schema: z.enum(ADMIN_DATA_SCOPES).optional().default('all') },
    // Rule ids in; stored as a list with their ancestors (or `*` for the super group).
    { name: 'rules', type: 'text', label: 'fields.permissions', form: { required: true }, schema: idList(5000) },
    statusField,
    createTime('create_time'),
  ],
});
export type AuthGroupRow = CrudRow<typeof authGroupCrud> & { rule_ids: number[] | '*' };

export const RULE_TYPES = ['menu_dir', 'menu', 'button'] as const;
export const MENU_TYPES = ['tab', 'link', 'iframe'] as const;
const flag01 = () => z.coerce.number().int().min(0).max(1);

export const authRuleCrud = defineCrud({
  controller: 'auth/rule',
  tree: true,
  weigh: 'weigh',
  defaultOrder: 'weigh,desc',
  actions: ['index', 'add', 'edit', 'del', 'sortable', 'export'],
  fields: [
    idField,
    { name: 'title', type: 'string', search: true, filter: true, sort: true, form: { required: true }, schema: z.string().trim().min(1).max(50) },
    { name: 'icon', type: 'icon', list: { width: 70 }, form: {}, schema: z.string().trim().max(50).optional().default('') },
    {
      name: 'name',
      type: 'string',
      search: true,
      filter: true,
      form: { required: true, help: 'fields.ruleNameHelp' },
      schema: z.string().trim().min(1).max(100).regex(/^[A-Za-z0-9_\-./]+$/, 'validation.invalidValue'),
    },
    { name: 'type', type: 'enum', options: RULE_TYPES, optionLabel: 'ruleType', colors: { menu_dir: 'blue', menu: 'green' }, filter: true, list: { width: 110 }, form: { required: true, default: 'menu' }, schema: z.enum(RULE_TYPES) },
    {
      name: 'pid',
      type: 'relation',
      label: 'fields.parent',
      filter: true,
      relation: { as: 'parent', controller: 'auth/rule', labelField: 'title', fields: [], tree: true, root: { value: 0, label: 'fields.topLevel' } },
      list: false,
      form: { default: 0 },
      schema: parentId().optional().default(0),
    },
    { name: 'path', type: 'string', list: { hidden: true }, form: {}, schema: z.string().trim().max(100).optional().default('') },
    { name: 'component', type: 'string', list: { hidden: true }, form: {}, schema: z.string().trim().max(100).optional().default('') },
    { name: 'menu_type', type: 'enum', options: MENU_TYPES, optionLabel: 'menuType', filter: true, list: { hidden: true }, form: { default: 'tab' }, schema: z.enum(MENU_TYPES).optional().default('tab') },
    { name: 'url', type: 'string', list: false, form: {}, schema: z.string().trim().max(255).optional().default('') },
    { name: 'keepalive', type: 'switch', filter: true, list: { width: 100 }, form: { default: 0 }, schema: flag01().optional().default(0) },
    { name: 'remark', type: 'text', list: false, form: {}, schema: z.string().trim().max(255).optional().default('') },
    { ...weighField, filter: false, list: { width: 90 }, form: {} },
    { ...statusField, sort: false },
    { name: 'create_time', type: 'datetime', sort: true, list: false, form: false },
  ],
});
export type AuthRuleRow = CrudRow<typeof authRuleCrud>;

/** auth/adminLog: every admin POST/DELETE (passwords masked), read only. */
export const adminLogCrud = defineCrud({
  controller: 'auth/adminLog',
  defaultOrder: 'id,desc',
  actions: ['index', 'export'],
  fields: [
    idField,
    { name: 'admin_id', type: 'number', filter: true, list: false, form: false },
    { name: 'username', type: 'string', search: true, filter: true, form: false },
    { name: 'title', type: 'string', search: true, filter: true, form: false },
    { name: 'url', type: 'string', search: true, filter: true, form: false },
    { name: 'ip', type: 'string', filter: true, form: false },
    { name: 'useragent', type: 'string', list: { hidden: true }, form: false },
    // The request body (passwords masked): shown in the row's details, not as a column.
    { name: 'data', type: 'text', list: false, form: false },
    createTime('create_time'),
  ],
});
export type AdminLogRow = CrudRow<typeof adminLogCrud>;
