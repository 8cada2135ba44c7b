import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../../../shared/errors.ts';
import type { Row } from '../crud/define.ts';
import { crudRoutes } from '../crud/routes.ts';
import { department, job } from '../tables.ts';
import { parentId } from '@framecraft/contracts/validation';

const status = z.coerce.number().int().min(0).max(1).optional().default(1);
const weigh = z.coerce.number().int().min(-1_000_000).max(1_000_000).optional();

const departmentSchema = z.object({
  pid: parentId().optional().default(0),
  name: z.string().trim().min(1).max(100),
  responsible: z.string().trim().max(50).optional().default(''),
  phone: z.union([z.literal(''), z.string().trim().regex(/^[0-9+\-() ]{3,30}$/, 'validation.invalidValue')]).optional().default(''),
  email: z.union([z.literal(''), z.email().max(100)]).optional().default(''),
  status,
  weigh,
});

const jobSchema = z.object({
  name: z.string().trim().min(1).max(100),
  code: z.string().trim().min(1).max(50).regex(/^[A-Za-z0-9_\-.]+$/, 'validation.invalidValue'),
  status,
  weigh,
  remark: z.string().trim().max(255).optional().default(''),
});

/** Departments (a tree) and jobs, exactly the fields of spec §3. */
export function organizationRoutes(app: FastifyInstance) {
  crudRoutes(app, {
    controller: 'organization/department',
    table: department,
    tree: true,
    weigh: 'weigh',
    quickSearch: ['name', 'responsible', 'phone', 'email'],
    filterable: ['id', 'pid', 'name', 'responsible', 'phone', 'email', 'status', 'weigh', 'createtime', 'updatetime'],
    sortable: ['id', 'name', 'status', 'weigh', 'createtime', 'updatetime'],
    defaultOrder: 'weigh,desc',
    relations: [{ as: 'parent', localField: 'pid', table: department, foreignField: 'id', fields: ['name'] }],
    schemas: { add: departmentSchema, edit: departmentSchema },
    hooks: {
      beforeSave(data, _ctx, existing) {
        if (existing && data.pid === existing.id) throw new ApiError('admin.auth.parentIsSelf');
        return data as Row;
      },
    },
  });
  crudRoutes(app, {
    controller: 'organization/job',
    table: job,
    weigh: 'weigh',
    quickSearch: ['name', 'code', 'remark'],
    filterable: ['id', 'name', 'code', 'status', 'weigh', 'remark', 'createtime', 'updatetime'],
    sortable: ['id', 'name', 'code', 'status', 'weigh', 'createtime', 'updatetime'],
    defaultOrder: 'weigh,desc',
    schemas: { add: jobSchema, edit: jobSchema },
  });
}
