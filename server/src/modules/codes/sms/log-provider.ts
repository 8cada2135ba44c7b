import type { Db } from '../../../db/client.ts';
import { smsLog } from '../tables.ts';
import type { SmsMessage, SmsProvider } from './provider.ts';

/** Development provider: the message goes into the SMS log instead of to a phone. */
export class LogSmsProvider implements SmsProvider {
  readonly name = 'log';
  constructor(private readonly db: Db) {}

  async send(message: SmsMessage): Promise<void> {
    await this.db.insert(smsLog).values({ provider: this.name, mobile: message.mobile, event: message.event, content: message.text, status: 'logged' });
  }
}
