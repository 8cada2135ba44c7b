import { CURRENCY_CODES, type CurrencyCode } from '@framecraft/contracts/money';
import { asc, desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { config } from '../../../db/schema.ts';
import { ApiError } from '../../../shared/errors.ts';
import { validate } from '../../../shared/validation.ts';
import { sendMail } from '../../site-config/mailer.ts';
import { currentAdmin } from '../../session/guards.ts';
import { adminRoute } from '../core/route-table.ts';
import { MASK } from '../crud/security.ts';
import { sanitizeRichText } from './sanitize.ts';
import { SECRET_SETTINGS } from './secret-settings.ts';

const localized = z.object({ title: z.string().trim().min(1).max(200), content: z.string().max(200_000).transform(sanitizeRichText) });
const VALUE_SCHEMAS = {
  string: z.string().max(5000),
  number: z.coerce.number().finite().min(0).max(1e12),
  rich_text_i18n: z.object({ 'zh-cn': localized, en: localized }),
} as const;

/** Settings whose value is one of a list, checked beyond their type. */
const NAMED_SCHEMAS: Record<string, z.ZodType> = {
  currency: z.enum(CURRENCY_CODES as [CurrencyCode, ...CurrencyCode[]], { error: 'validation.invalidValue' }),
};

const editBody = z.object({ settings: z.record(z.string().max(64), z.unknown()) });
const testMailBody = z.object({ to: z.email().max(100) });

/** routine/config: the grouped settings editor and the test mail. */
export function configRoutes(app: FastifyInstance) {
  const db = app.deps.db;

  adminRoute(app, { method: 'GET', path: 'routine/config/index', node: 'routine/config/index' }, async (_request, reply) => {
    const rows = await db.select().from(config).orderBy(asc(config.group), desc(config.weigh), asc(config.name));
    const groups: Record<string, { name: string; title: string; type: string; value: unknown }[]> = {};
    for (const row of rows) {
      const value = SECRET_SETTINGS.has(row.name) && row.value ? MASK : row.value;
      (groups[row.group] ??= []).push({ name: row.name, title: row.title, type: row.type, value });
    }
    return reply.ok({ groups });
  });

  adminRoute(app, { method: 'POST', path: 'routine/config/edit', node: 'routine/config/edit' }, async (request, reply) => {
    const { settings } = validate(editBody, request.body, request.lang);
    const rows = await db.select({ name: config.name, type: config.type }).from(config);
    const types = new Map(rows.map((r) => [r.name, r.type]));
    const changes: Record<string, unknown> = {};
    const errors: Record<string, string> = {};
    for (const [name, raw] of Object.entries(settings)) {
      const type = types.get(name) as keyof typeof VALUE_SCHEMAS | undefined;
      if (!type) continue; // unknown names are ignored
      if (SECRET_SETTINGS.has(name) && raw === MASK) continue; // unchanged secret
      try {
        changes[name] = validate(NAMED_SCHEMAS[name] ?? VALUE_SCHEMAS[type] ?? VALUE_SCHEMAS.string, raw, request.lang);
      } catch (err) {
        errors[name] = err instanceof ApiError ? (err.options.msg ?? request.t(err.msgKey)) : request.t('validation.invalidValue');
      }
    }
    if (Object.keys(errors).length) {
      throw new ApiError('api.validationFailed', { msg: Object.values(errors)[0], data: { errors } });
    }
    if (Object.keys(changes).length) await app.siteConfig.set(changes);
    return reply.ok(null, 'admin.config.saved');
  });

  adminRoute(app, { method: 'POST', path: 'routine/config/sendTestMail', node: 'routine/config/sendTestMail' }, async (request, reply) => {
    const { to } = validate(testMailBody, request.body, request.lang);
    try {
      await sendMail(app.siteConfig, {
        to,
        subject: request.t('admin.config.testMailSubject'),
        text: `${request.t('admin.config.testMailBody')}\n\n— ${currentAdmin(request).username}`,
      });
    } catch (err) {
      if (err instanceof ApiError) throw new ApiError('admin.config.mailNotConfigured');
      throw new ApiError('admin.config.testMailFailed', { params: { reason: err instanceof Error ? err.message.slice(0, 200) : String(err) } });
    }
    return reply.ok(null, 'admin.config.testMailSent');
  });
}
