import { COURSE_KINDS, COURSE_STATUSES } from '../catalogue-constants.ts';
import { SMS_CODE_EVENTS, int4, parentId } from '../validation.ts';
import { z } from '../zod.ts';
import { defineCrud, epochDate, flag, text, type CrudRow } from './define.ts';

/**
 * The shop's catalogue tables of the back office (issue 19 parts 1 and 4), on CRUD v2. Labels of
 * their own live in the web `admin-crud` namespace.
 */
const L = (name: string) => `admin-crud:fields.${name}`;
/** Higher first; drag-sort rewrites it, the form may set it (a new row without one goes last-added-first). */
const weigh = { name: 'weigh', type: 'number', sort: true, list: { hidden: true, width: 90 }, form: {}, schema: int4(0).optional() } as const;
const status = { name: 'status', type: 'switch', filter: true, sort: true, list: { width: 100 }, form: { default: 1 }, schema: flag().default(1) } as const;
const created = { name: 'create_time', type: 'datetime', filter: true, sort: true, list: { width: 170 }, form: false } as const;
const id = { name: 'id', type: 'id', filter: true, sort: true, list: { width: 80 }, form: false } as const;

/** Detail layouts of a type's items: `course` → /course/{id}, `material` → /course2/{id}. */
export const TYPE_LAYOUTS = ['course', 'material'] as const;

export const shopTypeCrud = defineCrud({
  controller: 'shop/type',
  tree: true,
  weigh: 'weigh',
  defaultOrder: 'weigh,desc',
  actions: ['index', 'add', 'edit', 'del', 'sortable', 'export'],
  fields: [
    id,
    {
      name: 'pid',
      type: 'relation',
      label: 'fields.parent',
      relation: { as: 'parent', controller: 'shop/type', labelField: 'name_zh', fields: ['name_zh', 'name_en'], tree: true, root: { value: 0, label: 'fields.topLevel' } },
      list: false,
      form: { default: 0 },
      schema: parentId().default(0),
    },
    { name: 'name_zh', type: 'string', label: L('name_zh'), search: true, filter: true, list: { width: 180 }, form: { required: true }, schema: text(50, 1) },
    { name: 'name_en', type: 'string', label: L('name_en'), search: true, filter: true, list: { width: 180 }, form: {}, schema: text(50).default('') },
    { name: 'icon', type: 'icon', label: 'fields.icon', list: { width: 100 }, form: { help: L('iconHelp') }, schema: text(255).default('') },
    { name: 'layout', type: 'enum', label: L('layout'), options: TYPE_LAYOUTS, optionLabel: 'admin-crud:layout', filter: true, list: { width: 200 }, form: { default: 'course' }, schema: z.enum(TYPE_LAYOUTS).default('course') },
    weigh,
    status,
    created,
  ],
});
export type ShopTypeRow = CrudRow<typeof shopTypeCrud>;

export const shopNoticeCrud = defineCrud({
  controller: 'shop/notice',
  weigh: 'weigh',
  defaultOrder: 'weigh,desc',
  actions: ['index', 'add', 'edit', 'del', 'sortable', 'export'],
  fields: [
    id,
    { name: 'title_zh', type: 'string', label: L('title_zh'), search: true, filter: true, list: { width: 220 }, form: { required: true }, schema: text(120, 1) },
    { name: 'title_en', type: 'string', label: L('title_en'), search: true, filter: true, list: { width: 220 }, form: {}, schema: text(160).default('') },
    { name: 'content_zh', type: 'richText', label: L('content_zh'), list: false, form: {}, schema: z.string().max(100_000).default('') },
    { name: 'content_en', type: 'richText', label: L('content_en'), list: false, form: {}, schema: z.string().max(100_000).default('') },
    { name: 'start_time', type: 'datetime', label: L('start_time'), filter: true, sort: true, list: { width: 170 }, form: { help: L('windowHelp') }, schema: epochDate().optional() },
    { name: 'end_time', type: 'datetime', label: L('end_time'), filter: true, sort: true, list: { width: 170 }, form: {}, schema: epochDate().optional() },
    { name: 'publish_time', type: 'datetime', label: L('publish_time'), sort: true, list: { width: 170, hidden: true }, form: false },
    weigh,
    status,
    created,
  ],
});
export type ShopNoticeRow = CrudRow<typeof shopNoticeCrud>;

/** Members' favourites: read only, filtered by member and item (also by their names), exported. */
export const shopCollectCrud = defineCrud({
  controller: 'shop/collect',
  defaultOrder: 'id,desc',
  actions: ['index', 'export'],
  fields: [
    id,
    {
      name: 'user_id',
      type: 'relation',
      label: 'fields.member',
      filter: true,
      relation: { as: 'user', controller: 'user/user', labelField: 'username', fields: ['nickname'], filter: ['username'] },
      list: { width: 160 },
      form: false,
    },
    {
      name: 'course_id',
      type: 'relation',
      label: 'fields.item',
      filter: true,
      relation: { as: 'course', controller: 'shop/course', labelField: 'title_zh', fields: ['title_en'], filter: ['title_zh', 'title_en'] },
      list: { width: 260 },
      form: false,
    },
    created,
  ],
});
export type ShopCollectRow = CrudRow<typeof shopCollectCrud>;

export const SMS_PROVIDERS = ['aliyun', 'log'] as const;

export const shopSmsTemplateCrud = defineCrud({
  controller: 'shop/smsTemplate',
  defaultOrder: 'id,desc',
  fields: [
    id,
    { name: 'event', type: 'enum', label: 'fields.event', options: SMS_CODE_EVENTS, optionLabel: 'admin-crud:event', filter: true, list: { width: 170 }, form: { required: true }, schema: z.enum(SMS_CODE_EVENTS) },
    { name: 'provider', type: 'enum', label: 'fields.provider', options: SMS_PROVIDERS, optionLabel: 'admin-crud:provider', filter: true, list: { width: 120 }, form: { required: true, default: 'aliyun' }, schema: z.enum(SMS_PROVIDERS) },
    { name: 'template_code', type: 'string', label: L('template_code'), search: true, filter: true, list: { width: 180 }, form: { help: L('templateCodeHelp') }, schema: text(64).default('') },
    { name: 'content', type: 'text', label: 'fields.content', search: false, list: { width: 320 }, form: { help: L('templateContentHelp') }, schema: text(500).default('') },
    status,
    { name: 'update_time', type: 'datetime', sort: true, list: { width: 170 }, form: false },
  ],
});
export type ShopSmsTemplateRow = CrudRow<typeof shopSmsTemplateCrud>;

/**
 * Items of both kinds (`shop/course`, decision 041): the list on CRUD v2. Add, edit and delete are
 * the item editor's own routes (`catalogue-admin.ts`); the factory serves the list, export and drag-sort.
 */
export const shopCourseCrud = defineCrud({
  controller: 'shop/course',
  weigh: 'weigh',
  defaultOrder: 'id,desc',
  actions: ['index', 'sortable', 'export'],
  fields: [
    id,
    { name: 'title_zh', type: 'string', label: 'items:list.title', search: true, list: { width: 240 }, form: false },
    { name: 'title_en', type: 'string', label: 'items:field.titleEn', search: true, list: false, form: false },
    { name: 'cover', type: 'image', label: 'items:field.cover', list: { width: 92 }, form: false },
    { name: 'kind', type: 'enum', label: 'items:field.kind', options: COURSE_KINDS, optionLabel: 'items:kind', filter: true, list: { width: 110 }, form: false },
    {
      name: 'type_id',
      type: 'relation',
      label: 'items:list.type',
      filter: true,
      relation: { as: 'type', controller: 'shop/type', labelField: 'name_zh', fields: ['name_en'], tree: true },
      list: { width: 130 },
      form: false,
    },
    { name: 'price', type: 'money', label: 'items:list.price', filter: true, sort: true, list: { width: 110 }, form: false },
    { name: 'vip_free_level', type: 'number', label: 'items:list.vip', filter: true, list: { width: 140 }, form: false },
    { name: 'vip_price', type: 'money', filter: true, list: false, form: false },
    { name: 'status', type: 'enum', label: 'items:field.status', options: COURSE_STATUSES, optionLabel: 'items:status', colors: { draft: 'default', on_sale: 'green', off_sale: 'orange' }, filter: true, list: { width: 100 }, form: false },
    { name: 'sales', type: 'number', label: 'items:list.sales', filter: true, sort: true, list: { width: 90 }, form: false },
    { ...weigh, form: false },
    { name: 'update_time', type: 'datetime', filter: true, sort: true, list: { width: 170, hidden: true }, form: false },
    created,
  ],
});
export type ShopCourseRow = CrudRow<typeof shopCourseCrud>;
