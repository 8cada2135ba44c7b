import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { adminLog, adminRule } from '../tables.ts';
import { isSecretField, MASK } from '../crud/security.ts';
import type { ResolvedCrud } from '../crud/define.ts';
import type { AdminRouteSpec } from './route-table.ts';

/** A copy of a request body with every password-like value replaced by the mask. */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => maskSecrets(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, isSecretField(k) && v !== '' && v !== null ? MASK : maskSecrets(v, depth + 1)]),
  );
}

async function writeAdminLog(app: FastifyInstance, request: FastifyRequest) {
  const node = request.routeOptions.config.adminNode;
  let title = '';
  if (node) {
    const [rule] = await app.deps.db.select({ title: adminRule.title }).from(adminRule).where(eq(adminRule.name, node)).limit(1);
    title = rule?.title ?? '';
  }
  const body = request.body;
  const query = request.query && Object.keys(request.query as object).length ? request.query : undefined;
  await app.deps.db.insert(adminLog).values({
    adminId: request.admin!.id,
    username: request.admin!.username,
    url: request.url.slice(0, 1500),
    title: title || node || request.routeOptions.url || '',
    data: maskSecrets(body ?? query ?? null),
    ip: request.ip.slice(0, 50),
    useragent: String(request.headers['user-agent'] ?? '').slice(0, 255),
  });
}

/** The admin route table, the CRUD registry, and the automatic admin log of every POST/DELETE. */
export const adminPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('adminRouteTable', [] as AdminRouteSpec[]);
    app.decorate('crudRegistry', new Map<string, ResolvedCrud>());
    app.decorateRequest('adminAccess', undefined);
    // onSend, not onResponse: the log row exists by the time the admin sees the answer.
    // Callback-style: it runs on every request and does nothing for most of them.
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (!request.admin || (request.method !== 'POST' && request.method !== 'DELETE')) return done(null, payload);
      writeAdminLog(app, request)
        .catch((err: unknown) => request.log.warn({ err }, 'writing the admin log failed'))
        .finally(() => done(null, payload));
    });
  },
  { name: 'admin', dependencies: ['session'] },
);
