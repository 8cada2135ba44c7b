import type { Db } from '../../../db/client.ts';
import { smsLog } from '../tables.ts';
import type { SmsMessage, SmsProvider } from './provider.ts';

/**
 * Development provider: the message goes into the SMS log instead of to a phone. With a template
 * of the back office (shop/smsTemplate), its text with `${code}` filled in is what is logged.
 */
export class LogSmsProvider implements SmsProvider {
  readonly name = 'log';
  constructor(
    private readonly db: Db,
    private readonly template?: string,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const content = this.template ? this.template.replaceAll('${code}', message.code) : message.text;
    await this.db.insert(smsLog).values({ provider: this.name, mobile: message.mobile, event: message.event, content, status: 'logged' });
  }
}
