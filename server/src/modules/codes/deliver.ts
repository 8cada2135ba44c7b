import type { Language } from '@framecraft/contracts/constants';
import { translate } from '@framecraft/contracts/messages';
import type { CodeEvent } from '@framecraft/contracts/validation';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { ApiError } from '../../shared/errors.ts';
import { sendMail } from '../site-config/index.ts';
import { CODE_TTL_SECONDS, type CodeAddress } from './service.ts';
import { AliyunSmsProvider } from './sms/aliyun-provider.ts';
import { LogSmsProvider } from './sms/log-provider.ts';
import { SmsSendError, type SmsProvider } from './sms/provider.ts';
import { smsTemplate } from './tables.ts';

/** Setting holding the SMS template code of each event. */
const SMS_TEMPLATE_SETTING: Partial<Record<CodeEvent, string>> = {
  user_register: 'smsTemplateRegister',
  user_login: 'smsTemplateLogin',
  user_retrieve_pwd: 'smsTemplateRetrievePassword',
  user_change_mobile: 'smsTemplateChangeMobile',
  user_mobile_verify: 'smsTemplateVerifyMobile',
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The code e-mail in the visitor's language: plain text and a simple HTML version. */
export function codeMail(lang: Language, siteName: string, event: CodeEvent, code: string) {
  const t = (key: string, params?: Record<string, unknown>) => translate(lang, `verify.mail.${key}`, params);
  const purpose = translate(lang, `verify.events.${event}`);
  const minutes = CODE_TTL_SECONDS / 60;
  const lines = [t('greeting'), t('body', { purpose }), code, t('expiry', { minutes }), t('ignore'), t('signature', { siteName })];
  const [greeting, body, , expiry, ignore, signature] = lines.map((line) => escapeHtml(line));
  const html =
    `<div style="font-family:system-ui,sans-serif;max-width:480px;margin:auto;padding:24px;color:#1f2937">` +
    `<p>${greeting}</p><p>${body}</p>` +
    `<p style="font-size:28px;font-weight:700;letter-spacing:6px;margin:16px 0">${code}</p>` +
    `<p>${expiry}</p><p style="color:#6b7280;font-size:13px">${ignore}</p><p>${signature}</p></div>`;
  return { subject: t('subject', { siteName, code }), text: lines.join('\n\n'), html };
}

/** The enabled back-office template of an event for a provider (shop/smsTemplate), if any. */
async function templateOf(app: FastifyInstance, event: CodeEvent, provider: string) {
  const [row] = await app.deps.db
    .select()
    .from(smsTemplate)
    .where(and(eq(smsTemplate.event, event), eq(smsTemplate.provider, provider), eq(smsTemplate.status, 1)))
    .limit(1);
  return row;
}

/** The provider of the settings; `log` outside production when none is chosen. */
async function smsProvider(app: FastifyInstance, event: CodeEvent): Promise<SmsProvider> {
  const settings = app.siteConfig;
  const chosen = (await settings.string('smsProvider')) || (app.deps.env.NODE_ENV === 'production' ? '' : 'log');
  const template = await templateOf(app, event, chosen);
  if (chosen === 'log') return new LogSmsProvider(app.deps.db, template?.content);
  if (chosen === 'aliyun') {
    const aliyun = {
      accessKeyId: await settings.string('smsAccessKeyId'),
      accessKeySecret: await settings.string('smsAccessKeySecret'),
      signName: await settings.string('smsSignName'),
      endpoint: await settings.string('smsEndpoint'),
      // A template of the back office wins over the event's setting.
      templateCode: template?.templateCode || (await settings.string(SMS_TEMPLATE_SETTING[event] ?? '')),
    };
    if (aliyun.accessKeyId && aliyun.accessKeySecret && aliyun.signName && aliyun.templateCode) return new AliyunSmsProvider(app.deps.db, aliyun);
  }
  throw new ApiError('verify.smsNotConfigured');
}

/** Send a code by e-mail or SMS; any failure becomes one clear, translated error. */
export async function deliverCode(app: FastifyInstance, lang: Language, address: CodeAddress, code: string): Promise<void> {
  const siteName = await app.siteConfig.string('siteName');
  try {
    if (address.channel === 'email') {
      await sendMail(app.siteConfig, { to: address.target, ...codeMail(lang, siteName, address.event, code) });
    } else {
      const purpose = translate(lang, `verify.events.${address.event}`);
      const text = `【${siteName}】${translate(lang, 'verify.mail.body', { purpose })} ${code} ${translate(lang, 'verify.mail.expiry', { minutes: CODE_TTL_SECONDS / 60 })}`;
      await (await smsProvider(app, address.event)).send({ mobile: address.target, event: address.event, code, text });
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    app.log.warn({ err: err instanceof SmsSendError ? err.message : err, channel: address.channel }, 'code delivery failed');
    throw new ApiError(address.channel === 'email' ? 'verify.mailFailed' : 'verify.smsFailed');
  }
}
