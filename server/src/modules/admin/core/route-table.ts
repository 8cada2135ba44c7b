import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { noPermission } from '../../../shared/errors.ts';
import { requireAdmin } from '../../session/index.ts';
import { holdsNode, loadAccess, type AdminAccess } from './access.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The admin's groups, rules and data scope, set by the admin route guard. */
    adminAccess: AdminAccess | undefined;
  }
  interface FastifyInstance {
    /** Every admin route with the node it needs: the source of the authorisation-matrix test. */
    adminRouteTable: AdminRouteSpec[];
  }
}

export type AdminMethod = 'GET' | 'POST' | 'DELETE';

export interface AdminRouteSpec {
  method: AdminMethod;
  /** Path under /admin/, e.g. `auth/admin/index`. */
  path: string;
  /** The permission node; `null` = any logged-in admin (profile, init, logout …). */
  node: string | null;
}

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** The access of the admin set by the guard. */
export function currentAccess(request: FastifyRequest): AdminAccess {
  if (!request.adminAccess) throw noPermission();
  return request.adminAccess;
}

/**
 * Register an admin API route: a logged-in admin (303/409 otherwise) who holds `node`
 * (401 "You do not have permission to operate!" otherwise), and record it in the route table.
 */
export function adminRoute(app: FastifyInstance, spec: AdminRouteSpec, handler: Handler): void {
  app.adminRouteTable.push(spec);
  app.route({
    method: spec.method,
    url: `/admin/${spec.path}`,
    config: { adminNode: spec.node },
    preHandler: async (request) => {
      await requireAdmin(request);
      request.adminAccess = await loadAccess(app.deps.db, request.admin!);
      if (spec.node && !holdsNode(request.adminAccess, spec.node)) throw noPermission();
    },
    handler,
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    adminNode?: string | null;
  }
}
