import { parentId } from '../validation.ts';
import { z } from '../zod.ts';
import { defineCrud, type CrudRow } from './define.ts';
import { createTime, idField, statusField, updateTime, weighField } from './fields.ts';

/** organization/department and organization/job (spec §3) on CRUD v2 (decision 040). */
export const departmentCrud = defineCrud({
  controller: 'organization/department',
  tree: true,
  weigh: 'weigh',
  defaultOrder: 'weigh,desc',
  actions: ['index', 'add', 'edit', 'del', 'sortable', 'export'],
  fields: [
    idField,
    { name: 'name', type: 'string', search: true, filter: true, sort: true, form: { required: true }, schema: z.string().trim().min(1).max(100) },
    {
      name: 'pid',
      type: 'relation',
      label: 'fields.parent',
      filter: true,
      relation: { as: 'parent', controller: 'organization/department', labelField: 'name', fields: [], tree: true, root: { value: 0, label: 'fields.topLevel' } },
      form: { default: 0 },
      schema: parentId().optional().default(0),
    },
    { name: 'responsible', type: 'string', search: true, filter: true, form: {}, schema: z.string().trim().max(50).optional().default('') },
    {
      name: 'phone',
      type: 'string',
      search: true,
      filter: true,
      form: {},
      schema: z.union([z.literal(''), z.string().trim().regex(/^[0-9+\-() ]{3,30}$/, 'validation.invalidValue')]).optional().default(''),
    },
    { name: 'email', type: 'string', search: true, filter: true, form: {}, schema: z.union([z.literal(''), z.email().max(100)]).optional().default('') },
    statusField,
    weighField,
    createTime('createtime'),
    updateTime('updatetime'),
  ],
});
export type DepartmentRow = CrudRow<typeof departmentCrud>;

export const jobCrud = defineCrud({
  controller: 'organization/job',
  weigh: 'weigh',
  defaultOrder: 'weigh,desc',
  actions: ['index', 'add', 'edit', 'del', 'sortable', 'export'],
  fields: [
    idField,
    { name: 'name', type: 'string', search: true, filter: true, sort: true, form: { required: true }, schema: z.string().trim().min(1).max(100) },
    {
      name: 'code',
      type: 'string',
      search: true,
      filter: true,
      sort: true,
      form: { required: true },
      schema: z.string().trim().min(1).max(50).regex(/^[A-Za-z0-9_\-.]+$/, 'validation.invalidValue'),
    },
    statusField,
    weighField,
    { name: 'remark', type: 'text', search: true, filter: true, form: {}, schema: z.string().trim().max(255).optional().default('') },
    createTime('createtime'),
    updateTime('updatetime'),
  ],
});
export type JobRow = CrudRow<typeof jobCrud>;
