import { hash, verify } from '@node-rs/argon2';
import type { AdminInfo, AdminInit, AdminLoginAnswer, AdminLoginOptions, AdminProfile, AdminProfileSaved } from '@framecraft/contracts/admin';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { admin } from '../tables.ts';
import { ApiError } from '../../../shared/errors.ts';
import { validate } from '../../../shared/validation.ts';
import type { AdminRow } from '../../session/index.ts';
import { currentAdmin } from '../../session/index.ts';
import { accountKey, captchaRequired, throttledLogin, throttlePolicy } from '../../login-throttle/index.ts';
import { currentAccess, adminRoute } from '../core/route-table.ts';
import { menuTree } from '../core/menus.ts';
import { terminalConfig } from '../terminal/routes.ts';
import { clearCacheBody, loginBody, profileBody } from './schema.ts';

/** Compared with when the username is unknown, so that the time taken does not tell either. */
const DUMMY_HASH = hash('framecraft-dummy-admin-password');

const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

export function adminInfo(row: AdminRow): AdminInfo {
  return {
    id: row.id,
    username: row.username,
    nickname: row.nickname,
    avatar: row.avatar,
    last_login_time: seconds(row.lastLoginTime),
    super: row.isSuper === 1,
  };
}

/** The click captcha of admin login (setting adminLoginCaptchaSwitch, or asked by the throttle): verified and consumed before the password. */
async function solveLoginCaptcha(request: FastifyRequest, body: { captchaId?: string; captchaInfo?: string }): Promise<void> {
  if (!body.captchaId || !body.captchaInfo) throw captchaRequired();
  await request.server.captcha.require(body.captchaId, body.captchaInfo);
}

const adminCaptchaOn = async (app: FastifyInstance) => Number(await app.siteConfig.get('adminLoginCaptchaSwitch')) === 1;

/** Admin login, the admin init call, profile and cache clearing. */
export async function adminSessionRoutes(app: FastifyInstance) {
  const db = app.deps.db;

  app.get('/admin/index/login', async (_request, reply) => reply.ok<AdminLoginOptions>({ captcha: await adminCaptchaOn(app) }));

  app.post('/admin/index/login', async (request, reply) => {
    const body = validate(loginBody, request.body, request.lang);
    const [found] = await db.select().from(admin).where(sql`lower(${admin.username}) = lower(${body.username})`).limit(1);
    // Decision 027: no account is locked; an unknown name, a wrong password and a stopped source
    // all get the same answer after the same work.
    await throttledLogin(db, {
      scope: 'admin',
      account: accountKey(found, body.username),
      ip: request.ip,
      policy: await throttlePolicy(app),
      captchaAlways: await adminCaptchaOn(app),
      solveCaptcha: () => solveLoginCaptcha(request, body),
      failure: () => new ApiError('admin.login.failed'),
      verify: async () => {
        const ok = await verify(found ? found.password : await DUMMY_HASH, body.password).catch(() => false);
        if (found && !ok) await db.update(admin).set({ loginFailure: sql`${admin.loginFailure} + 1` }).where(eq(admin.id, found.id));
        return Boolean(found) && ok;
      },
    });
    const row = found!;
    if (row.status !== 'enable') throw new ApiError('admin.login.disabled');
    const [updated] = await db
      .update(admin)
      .set({ loginFailure: 0, lastLoginTime: new Date(), lastLoginIp: request.ip.slice(0, 50) })
      .where(eq(admin.id, row.id))
      .returning();
    const tokens = await app.tokens.issue('admin', row.id, { keep: body.keep });
    request.admin = updated!; // so the admin log records the login (password masked)
    return reply.ok<AdminLoginAnswer>(
      { userInfo: { ...adminInfo(updated!), token: tokens.token, refresh_token: tokens.refreshToken }, routePath: '/admin' },
      'admin.login.success',
    );
  });

  adminRoute(app, { method: 'GET', path: 'index/index', node: null }, async (request, reply) => {
    const site = await app.siteConfig.publicSite();
    return reply.ok<AdminInit>({
      adminInfo: { ...adminInfo(currentAdmin(request)), super: currentAccess(request).super },
      menus: await menuTree(db, currentAccess(request)),
      siteConfig: { siteName: site.siteName, version: site.version, cdnUrl: site.cdnUrl, apiUrl: site.apiUrl, upload: site.upload, iconApiHost: await app.siteConfig.string('iconApiHost') },
      terminal: await terminalConfig(app),
    });
  });

  adminRoute(app, { method: 'GET', path: 'routine/adminInfo/index', node: null }, async (request, reply) => {
    const row = currentAdmin(request);
    return reply.ok<{ row: AdminProfile }>({
      row: { ...adminInfo(row), email: row.email, mobile: row.mobile, motto: row.motto, last_login_ip: row.lastLoginIp },
    });
  });

  adminRoute(app, { method: 'POST', path: 'routine/adminInfo/edit', node: null }, async (request, reply) => {
    const body = validate(profileBody, request.body, request.lang);
    const me = currentAdmin(request);
    const { password, ...fields } = body;
    await db
      .update(admin)
      .set({ ...fields, ...(password ? { password: await hash(password) } : {}), updatedAt: new Date() })
      .where(and(eq(admin.id, me.id)));
    // A new password ends every other session of this admin; this one gets a fresh token.
    if (password) await app.tokens.revokeAll('admin', me.id);
    const token = password ? (await app.tokens.issue('admin', me.id)).token : undefined;
    return reply.ok<AdminProfileSaved>({ token }, 'admin.crud.saved');
  });

  adminRoute(app, { method: 'POST', path: 'ajax/clearCache', node: null }, async (request, reply) => {
    validate(clearCacheBody, request.body, request.lang);
    // The settings cache is the server cache that exists now; other features add theirs here.
    await app.siteConfig.changed();
    return reply.ok(null, 'admin.cache.cleared');
  });
}
