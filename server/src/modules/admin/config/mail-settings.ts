import type { SettingDefinition } from '../../site-config/settings.ts';

/** Mail settings edited on the settings page; the e-mail code sender reads the same names. */
export const MAIL_SETTINGS: SettingDefinition[] = [
  { name: 'mailSmtpHost', group: 'mail', title: 'SMTP server', type: 'string', value: '' },
  { name: 'mailSmtpPort', group: 'mail', title: 'SMTP port', type: 'number', value: 465 },
  { name: 'mailSmtpSecure', group: 'mail', title: 'Encryption (ssl / starttls / none)', type: 'string', value: 'ssl' },
  { name: 'mailSmtpUser', group: 'mail', title: 'SMTP user', type: 'string', value: '' },
  { name: 'mailSmtpPass', group: 'mail', title: 'SMTP password', type: 'string', value: '' },
  { name: 'mailSenderAddress', group: 'mail', title: 'Sender address', type: 'string', value: '' },
];

/** Settings whose values are never sent back to the browser. */
export const SECRET_SETTINGS = new Set(['mailSmtpPass']);
