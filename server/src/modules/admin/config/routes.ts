import type { AdminConfigGroups, SettingType } from '@framecraft/contracts/admin';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../../../shared/errors.ts';
import { validate } from '../../../shared/validation.ts';
import { sendMail } from '../../site-config/index.ts';
import { SECRET_SETTING_NAMES, SETTING_BY_NAME, storedSettings, type SettingDefinition } from '../../site-config/index.ts';
import { currentAdmin } from '../../session/index.ts';
import { adminRoute } from '../core/route-table.ts';
import { MASK } from '../crud/security.ts';
import { sanitizeRichText } from './sanitize.ts';

const localized = z.object({ title: z.string().trim().min(1).max(200), content: z.string().max(200_000).transform(sanitizeRichText) });
const VALUE_SCHEMAS = {
  string: z.string().max(5000),
  number: z.coerce.number().finite().min(0).max(1e12),
  switch: z.union([z.boolean().transform(Number), z.coerce.number().int().min(0).max(1)]),
  rich_text_i18n: z.object({ 'zh-cn': localized, en: localized }),
} as const;
/** Pasted keys and certificate chains (Alipay's root certificate file is four certificates). */
const MULTILINE_SCHEMA = z.string().max(20_000);

/** The schema of a setting's value, from its declaration (a `select` accepts only its options). */
function valueSchema(type: string, declared: SettingDefinition | undefined): z.ZodType {
  if (type === 'select' && declared?.options) {
    const option = z.enum(declared.options as [string, ...string[]], { error: 'validation.invalidValue' });
    if (!declared.multiple) return option;
    // Several values: an array or a comma-separated text, stored comma-joined in the options' order.
    return z
      .preprocess((v) => (typeof v === 'string' ? v.split(',').map((x) => x.trim()).filter(Boolean) : v), z.array(option))
      .transform((list) => declared.options!.filter((o) => list.includes(o)).join(','));
  }
  if (declared?.multiline) return MULTILINE_SCHEMA;
  // A JSON setting may come back as the parsed value it was shown as: stored as its text either way.
  if (declared?.json) {
    const json = declared.json;
    return z.preprocess((v) => (typeof v === 'string' || v === undefined ? v : JSON.stringify(v)), VALUE_SCHEMAS.string.refine(json, 'memberMoney.settingInvalid'));
  }
  return VALUE_SCHEMAS[type as keyof typeof VALUE_SCHEMAS] ?? VALUE_SCHEMAS.string;
}

const editBody = z.object({ settings: z.record(z.string().max(64), z.unknown()) });
const testMailBody = z.object({ to: z.email().max(100) });

/** routine/config: the grouped settings editor and the test mail. */
export function configRoutes(app: FastifyInstance) {
  const db = app.deps.db;

  adminRoute(app, { method: 'GET', path: 'routine/config/index', node: 'routine/config/index' }, async (_request, reply) => {
    const rows = await storedSettings(db);
    const groups: AdminConfigGroups['groups'] = {};
    for (const row of rows) {
      const declared = SETTING_BY_NAME.get(row.name);
      // A secret is never sent: the mask stands for "a value is stored", empty for "none".
      const secret = SECRET_SETTING_NAMES.has(row.name);
      const value = secret ? (row.value === '' || row.value === null ? '' : MASK) : row.value;
      (groups[row.group] ??= []).push({
        name: row.name,
        title: declared?.title ?? row.title,
        // Settings are declared (site-config) with these types; a stored row keeps its declared type.
        type: (declared?.type ?? row.type) as SettingType,
        value,
        ...(secret ? { secret: true as const } : {}),
        ...(declared?.options ? { options: declared.options } : {}),
        ...(declared?.multiple ? { multiple: true as const } : {}),
        ...(declared?.multiline ? { multiline: true as const } : {}),
        ...(declared?.shownWhen ? { shownWhen: declared.shownWhen } : {}),
      });
    }
    return reply.ok<AdminConfigGroups>({ groups });
  });

  adminRoute(app, { method: 'POST', path: 'routine/config/edit', node: 'routine/config/edit' }, async (request, reply) => {
    const { settings } = validate(editBody, request.body, request.lang);
    const rows = await storedSettings(db);
    const types = new Map(rows.map((r) => [r.name, SETTING_BY_NAME.get(r.name)?.type ?? r.type]));
    const changes: Record<string, unknown> = {};
    const errors: Record<string, string> = {};
    for (const [name, raw] of Object.entries(settings)) {
      const type = types.get(name);
      if (!type) continue; // unknown names are ignored
      if (SECRET_SETTING_NAMES.has(name) && raw === MASK) continue; // a secret sent back as its mask is kept
      try {
        changes[name] = validate(valueSchema(type, SETTING_BY_NAME.get(name)), raw, request.lang);
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
