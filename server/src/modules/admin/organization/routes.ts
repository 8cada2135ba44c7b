import type { FastifyInstance } from 'fastify';
import { departmentCrud, jobCrud } from '@framecraft/contracts/crud/organization';
import { ApiError } from '../../../shared/errors.ts';
import { fromContract } from '../crud/contract.ts';
import { crudRoutes } from '../crud/routes.ts';
import { department, job } from '../tables.ts';

/** Departments (a tree) and jobs, exactly the fields of spec §3 — CRUD v2 definitions in contracts. */
export function organizationRoutes(app: FastifyInstance) {
  crudRoutes(
    app,
    fromContract(departmentCrud, {
      table: department,
      relationTables: { parent: department },
      hooks: {
        beforeSave(data, _ctx, existing) {
          if (existing && data.pid === existing.id) throw new ApiError('admin.auth.parentIsSelf');
          return data;
        },
      },
    }),
  );
  crudRoutes(app, fromContract(jobCrud, { table: job }));
}
