import { z } from '../zod.ts';
import { defineCrud, type CrudRow } from './define.ts';
import { createTime, idField, statusField } from './fields.ts';

/**
 * security/* on CRUD v2 (decision 040): recycle rules and the recycle bin (restore), sensitive-data
 * rules and their log (roll back). A rule names a registered controller; the server fills in its
 * table and key (`data_table`, `primary_key`) from its registry, never from input.
 */
const name = { name: 'name', type: 'string', search: true, filter: true, sort: true, form: { required: true }, schema: z.string().trim().min(1).max(50) } as const;
const controller = {
  name: 'controller',
  type: 'string',
  search: true,
  filter: true,
  form: { required: true, help: 'fields.controllerHelp' },
  schema: z.string().trim().min(1).max(100),
} as const;
const dataTable = { name: 'data_table', type: 'string', search: true, filter: true, form: false } as const;
const adminId = { name: 'admin_id', type: 'number', filter: true, list: false, form: false } as const;

export const dataRecycleCrud = defineCrud({
  controller: 'security/dataRecycle',
  actions: ['index', 'add', 'edit', 'del', 'export'],
  fields: [idField, name, controller, dataTable, statusField, createTime('create_time')],
});
export type DataRecycleRow = CrudRow<typeof dataRecycleCrud>;

export const dataRecycleLogCrud = defineCrud({
  controller: 'security/dataRecycleLog',
  actions: ['index', 'del', 'export'],
  fields: [
    idField,
    adminId,
    { name: 'controller', type: 'string', search: true, filter: true, form: false },
    dataTable,
    { name: 'data', type: 'text', label: 'fields.record', form: false },
    { name: 'ip', type: 'string', filter: true, list: { hidden: true }, form: false },
    createTime('create_time'),
  ],
});
export type DataRecycleLogRow = CrudRow<typeof dataRecycleLogCrud>;

export const sensitiveDataCrud = defineCrud({
  controller: 'security/sensitiveData',
  actions: ['index', 'add', 'edit', 'del', 'export'],
  fields: [
    idField,
    name,
    controller,
    dataTable,
    {
      name: 'data_fields',
      type: 'text',
      form: { required: true, help: 'fields.dataFieldsHelp' },
      // API field name → its label.
      schema: z.record(z.string().regex(/^[a-z_][a-z0-9_]*$/), z.string().trim().max(100)).refine((r) => Object.keys(r).length > 0, 'validation.required'),
    },
    statusField,
    createTime('create_time'),
  ],
});
export type SensitiveDataRow = CrudRow<typeof sensitiveDataCrud>;

export const sensitiveDataLogCrud = defineCrud({
  controller: 'security/sensitiveDataLog',
  actions: ['index', 'del', 'export'],
  fields: [
    idField,
    adminId,
    { name: 'controller', type: 'string', search: true, filter: true, form: false },
    { name: 'data_table', type: 'string', search: true, filter: true, list: false, form: false },
    { name: 'data_field', type: 'string', search: true, filter: true, list: false, form: false },
    { name: 'data_comment', type: 'string', search: true, filter: true, form: false },
    { name: 'id_value', type: 'number', filter: true, form: false },
    { name: 'before', type: 'text', form: false },
    { name: 'after', type: 'text', form: false },
    { name: 'ip', type: 'string', list: { hidden: true }, form: false },
    createTime('create_time'),
  ],
});
export type SensitiveDataLogRow = CrudRow<typeof sensitiveDataLogCrud>;
