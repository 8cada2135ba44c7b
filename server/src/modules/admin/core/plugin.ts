import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { adminLog, adminRule } from '../tables.ts';
import { isSecretField, MASK } from '../crud/security.ts';
import type { ResolvedCrud } from '../crud/define.ts';
import type { Db } from '../../../db/client.ts';
import type { AdminRouteSpec } from './route-table.ts';
import { defaultWhitelist, parseRegistries } from '../terminal/commands.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once the request's admin log row is written (inside the handler's transaction). */
    adminLogWritten: boolean;
  }
}

const parentRule = alias(adminRule, 'parent_rule');

/** Titles of admin calls that are not menu rules (the path is the key). */
const CALL_TITLES: Record<string, string> = {
  'index/logout': 'Log out',
  'routine/adminInfo/edit': 'Profile - Edit',
  'ajax/clearCache': 'Clear cache',
  'ajax/upload': 'Upload a file',
  'ajax/changeTerminalConfig': 'Terminal - Config',
};

/**
 * The log title of a call: "<menu> - <button>" of its permission node (e.g. "Departments - Edit"),
 * the title of a known call, and only as a last resort its path.
 */
async function logTitle(db: Db, request: FastifyRequest): Promise<string> {
  const path = (request.routeOptions.url ?? request.url.split('?')[0] ?? '').replace(/^\/admin\//, '');
  const node = request.routeOptions.config.adminNode ?? path;
  const [rule] = await db
    .select({ title: adminRule.title, parent: parentRule.title })
    .from(adminRule)
    .leftJoin(parentRule, eq(parentRule.id, adminRule.pid))
    .where(eq(adminRule.name, node))
    .limit(1);
  if (rule) return rule.parent && rule.parent !== rule.title ? `${rule.parent} - ${rule.title}` : rule.title;
  return CALL_TITLES[path] ?? path;
}

/** A copy of a request body with every password-like value replaced by the mask. */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => maskSecrets(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, isSecretField(k) && v !== '' && v !== null ? MASK : maskSecrets(v, depth + 1)]),
  );
}

/**
 * Write the admin log row of this request. The onSend hook does it for every admin POST/DELETE;
 * a handler whose change must be logged atomically (a balance adjustment) calls it with its
 * transaction instead, and the hook then leaves the request alone.
 */
export async function writeAdminLog(db: Db, request: FastifyRequest) {
  if (request.adminLogWritten) return;
  const title = await logTitle(db, request);
  const body = request.body;
  const query = request.query && Object.keys(request.query as object).length ? request.query : undefined;
  await db.insert(adminLog).values({
    adminId: request.admin!.id,
    username: request.admin!.username,
    url: request.url.slice(0, 1500),
    title: title.slice(0, 100),
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
    // The web terminal's whitelist (decision 044), on the root instance so that tests can add commands.
    app.decorate('terminalCommands', defaultWhitelist(parseRegistries(app.deps.env.TERMINAL_NPM_REGISTRIES)));
    app.decorateRequest('adminAccess', undefined);
    app.decorateRequest('adminLogWritten', false);
    // onSend, not onResponse: the log row exists by the time the admin sees the answer.
    // Callback-style: it runs on every request and does nothing for most of them.
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (!request.admin || (request.method !== 'POST' && request.method !== 'DELETE')) return done(null, payload);
      if (request.adminLogWritten) return done(null, payload);
      writeAdminLog(app.deps.db, request)
        .catch((err: unknown) => request.log.warn({ err }, 'writing the admin log failed'))
        .finally(() => done(null, payload));
    });
  },
  { name: 'admin', dependencies: ['session'] },
);
