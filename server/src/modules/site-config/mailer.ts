import { ApiError } from '../../shared/errors.ts';
import type { SiteConfigService } from './service.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * The one mailer: sends over the SMTP server of the mail settings (mailSmtp*). Throws
 * `mailNotConfigured` when no server or sender is set; transport errors are passed on as they are.
 */
export async function sendMail(settings: SiteConfigService, message: MailMessage): Promise<void> {
  const host = await settings.string('mailSmtpHost');
  const user = await settings.string('mailSmtpUser');
  const sender = (await settings.string('mailSenderAddress')) || user;
  if (!host || !sender) throw new ApiError('verify.mailNotConfigured');
  const secure = await settings.string('mailSmtpSecure');
  // Loaded with the first mail, not at start (idle RSS budget).
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport({
    host,
    port: await settings.number('mailSmtpPort', 465),
    secure: secure === 'ssl',
    ignoreTLS: secure === 'none',
    requireTLS: secure === 'starttls',
    auth: user ? { user, pass: await settings.string('mailSmtpPass') } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  try {
    await transport.sendMail({ from: { name: await settings.string('siteName'), address: sender }, ...message });
  } finally {
    transport.close();
  }
}
