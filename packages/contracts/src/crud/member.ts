import { LEDGER_KINDS } from '../ledger.ts';
import { accountSchema, int4, mobileSchema, parentId, passwordSchema, recordId } from '../validation.ts';
import { z } from '../zod.ts';
import { ENABLE_STATES } from './auth.ts';
import { defineCrud, type CrudRow } from './define.ts';
import { createTime, idField, statusField, weighField } from './fields.ts';

/**
 * user/* on CRUD v2 (decision 040): members, member groups, the member-centre rule tree and the
 * balance / points logs. Balance and points change only through the ledger (their logs' `add` is
 * its own route, `moneyAdjustment` in the server).
 */
const optionalText = (max: number) => z.string().trim().max(max).optional().default('');
export const GENDERS = [0, 1, 2] as const;

export const memberCrud = defineCrud({
  controller: 'user/user',
  defaultOrder: 'id,desc',
  actions: ['index', 'add', 'edit', 'del', 'export'],
  fields: [
    idField,
    { name: 'username', type: 'string', search: true, filter: true, sort: true, form: { required: true }, schema: accountSchema },
    { name: 'nickname', type: 'string', search: true, filter: true, form: { required: true }, schema: z.string().trim().min(1).max(50) },
    {
      name: 'group_id',
      type: 'relation',
      label: 'fields.memberGroup',
      filter: true,
      relation: { as: 'group', controller: 'user/group', labelField: 'name', fields: [] },
      form: { required: true, default: 1 },
      schema: recordId(),
    },
    { name: 'avatar', type: 'string', list: false, form: {}, schema: optionalText(255) },
    { name: 'email', type: 'string', search: true, filter: true, form: {}, schema: z.union([z.literal(''), z.email().max(100)]).optional().default('') },
    { name: 'mobile', type: 'string', search: true, filter: true, form: {}, schema: z.union([z.literal(''), mobileSchema]).optional().default('') },
    { name: 'gender', type: 'enum', options: GENDERS, optionLabel: 'gender', filter: true, list: { hidden: true }, form: { default: 0 }, schema: z.coerce.number().int().min(0).max(2).optional().default(0) },
    { name: 'birthday', type: 'string', list: false, form: { help: 'fields.birthdayHelp' }, schema: z.union([z.literal(''), z.iso.date()]).optional().default('') },
    { name: 'money', type: 'money', label: 'fields.balance', filter: true, sort: true, list: { width: 110 }, form: false },
    { name: 'score', type: 'number', label: 'fields.points', filter: true, sort: true, list: { width: 90 }, form: false },
    { name: 'vip_level', type: 'number', label: 'fields.vipLevel', filter: true, sort: true, list: { width: 90 }, form: false },
    { name: 'motto', type: 'text', list: false, form: {}, schema: optionalText(255) },
    // Required when adding (`memberAddSchema`); blank on edit keeps the password.
    { name: 'password', type: 'string', list: false, form: { help: 'fields.passwordHelp' }, schema: z.union([z.literal(''), passwordSchema]).optional().default('') },
    { name: 'status', type: 'enum', options: ENABLE_STATES, optionLabel: 'enableState', filter: true, list: { width: 100 }, form: { default: 'enable' }, schema: z.enum(ENABLE_STATES).optional().default('enable') },
    { name: 'join_time', type: 'datetime', filter: true, sort: true, list: { width: 170 }, form: false },
    { name: 'last_login_time', type: 'datetime', filter: true, sort: true, list: { width: 170, hidden: true }, form: false },
  ],
});
export type MemberRow = CrudRow<typeof memberCrud>;

export const memberGroupCrud = defineCrud({
  controller: 'user/group',
  defaultOrder: 'id,asc',
  actions: ['index', 'add', 'edit', 'del', 'export'],
  fields: [
    idField,
    { name: 'name', type: 'string', search: true, filter: true, sort: true, form: { required: true }, schema: z.string().trim().min(1).max(100) },
    // The member-centre rules the group opens: "1,2,3" or `*`.
    { name: 'rules', type: 'text', label: 'fields.permissions', form: { required: true }, schema: z.string().trim().regex(/^(\*|\d+(,\d+)*)$/, 'validation.invalidValue') },
    statusField,
    createTime('create_time'),
  ],
});
export type MemberGroupRow = CrudRow<typeof memberGroupCrud>;

export const MEMBER_RULE_TYPES = ['menu_dir', 'menu', 'route', 'button', 'nav', 'nav_user_menu'] as const;
const MENU_TYPES = ['tab', 'link', 'iframe'] as const;
const flag01 = () => z.coerce.number().int().min(0).max(1).optional().default(0);

export const memberRuleCrud = defineCrud({
  controller: 'user/rule',
  tree: true,
  weigh: 'weigh',
  defaultOrder: 'weigh,desc',
  actions: ['index', 'add', 'edit', 'del', 'sortable', 'export'],
  fields: [
    idField,
    { name: 'title', type: 'string', search: true, filter: true, form: { required: true }, schema: z.string().trim().min(1).max(50) },
    {
      name: 'name',
      type: 'string',
      search: true,
      filter: true,
      form: { required: true, help: 'fields.ruleNameHelp' },
      schema: z.string().trim().min(1).max(100).regex(/^[A-Za-z0-9_/\-.]+$/, 'validation.invalidValue'),
    },
    { name: 'type', type: 'enum', options: MEMBER_RULE_TYPES, optionLabel: 'ruleType', filter: true, list: { width: 130 }, form: { required: true, default: 'menu' }, schema: z.enum(MEMBER_RULE_TYPES) },
    {
      name: 'pid',
      type: 'relation',
      label: 'fields.parent',
      filter: true,
      relation: { as: 'parent', controller: 'user/rule', labelField: 'title', fields: [], tree: true, root: { value: 0, label: 'fields.topLevel' } },
      list: false,
      form: { default: 0 },
      schema: parentId().optional().default(0),
    },
    { name: 'path', type: 'string', search: true, filter: true, form: {}, schema: optionalText(100) },
    { name: 'icon', type: 'icon', list: { hidden: true }, form: {}, schema: optionalText(50) },
    { name: 'component', type: 'string', list: { hidden: true }, form: {}, schema: optionalText(100) },
    { name: 'menu_type', type: 'enum', options: MENU_TYPES, optionLabel: 'menuType', list: { hidden: true }, form: { default: 'tab' }, schema: z.enum(MENU_TYPES).optional().default('tab') },
    { name: 'url', type: 'string', list: false, form: {}, schema: optionalText(255) },
    { name: 'keepalive', type: 'switch', list: { width: 100 }, form: { default: 0 }, schema: flag01() },
    { name: 'no_login_valid', type: 'switch', list: { hidden: true }, form: { default: 0 }, schema: flag01() },
    { name: 'remark', type: 'text', list: false, form: {}, schema: optionalText(255) },
    { ...weighField, filter: false, list: { width: 90 }, form: {}, schema: int4(-1_000_000, 1_000_000).optional() },
    { ...statusField, sort: false },
    { name: 'create_time', type: 'datetime', filter: true, sort: true, list: false, form: false },
  ],
});
export type MemberRuleRow = CrudRow<typeof memberRuleCrud>;

/** A balance (`money`, cents) or points (`score`) log: listed here, written only by the ledger. */
function ledgerLogCrud<K extends 'money' | 'score'>(kind: K) {
  return defineCrud({
    controller: kind === 'money' ? 'user/moneyLog' : 'user/scoreLog',
    defaultOrder: 'id,desc',
    actions: ['index', 'export'],
    fields: [
      idField,
      {
        name: 'user_id',
        type: 'relation',
        label: 'fields.member',
        filter: true,
        // "Entries by username": a filter on the member's name, through the relation.
        relation: { as: 'user', controller: 'user/user', labelField: 'username', fields: ['nickname'], filter: ['username'] },
        form: false,
      },
      { name: kind, type: kind === 'money' ? 'money' : 'number', label: kind === 'money' ? 'fields.moneyChange' : 'fields.scoreChange', filter: true, sort: true, list: { width: 130 }, form: false },
      { name: 'before', type: kind === 'money' ? 'money' : 'number', list: { width: 120 }, form: false },
      { name: 'after', type: kind === 'money' ? 'money' : 'number', list: { width: 120 }, form: false },
      { name: 'kind', type: 'enum', options: LEDGER_KINDS, optionLabel: 'ledgerKind', filter: true, list: { width: 130 }, form: false },
      { name: 'ref_type', type: 'string', filter: true, list: false, form: false },
      { name: 'memo', type: 'string', search: true, filter: true, form: false },
      { name: 'ref_id', type: 'string', search: true, filter: true, list: { hidden: true }, form: false },
      {
        name: 'admin_id',
        type: 'relation',
        label: 'fields.adminBy',
        filter: true,
        relation: { as: 'admin', controller: 'auth/admin', labelField: 'username', fields: [] },
        list: { width: 120 },
        form: false,
      },
      createTime('create_time'),
    ],
  } as const);
}
export const moneyLogCrud = ledgerLogCrud('money');
export const scoreLogCrud = ledgerLogCrud('score');
export type MoneyLogRow = CrudRow<typeof moneyLogCrud>;
export type ScoreLogRow = CrudRow<typeof scoreLogCrud>;
