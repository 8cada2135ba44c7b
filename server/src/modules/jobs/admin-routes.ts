import { backgroundJobCrud } from '@framecraft/contracts/crud/routine';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../shared/errors.ts';
import { validate } from '../../shared/validation.ts';
import { adminRoute } from '../admin/index.ts';
import { idsQuery } from '../admin/index.ts';
import { crudRoutes, fromContract } from '../admin/index.ts';
import { backgroundJob } from './tables.ts';

/**
 * routine/backgroundJob: the job runner's rows (state, attempts, last error, run time), read only,
 * and `retry` to queue failed jobs again. (`organization/job` is the unrelated job-title table.)
 */
export function jobAdminRoutes(app: FastifyInstance) {
  crudRoutes(app, fromContract(backgroundJobCrud, { table: backgroundJob, hidden: ['lock_until'] }));

  adminRoute(app, { method: 'POST', path: 'routine/backgroundJob/retry', node: 'routine/backgroundJob/retry' }, async (request, reply) => {
    const { ids } = validate(idsQuery, request.body, request.lang);
    const count = await app.jobs.retry(ids);
    if (count === 0) throw new ApiError('admin.jobs.noneRetried');
    return reply.ok({ count }, 'admin.jobs.retried');
  });
}
