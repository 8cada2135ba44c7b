import type { CodeEvent } from '@framecraft/contracts/validation';

/** One code message to one mobile number. */
export interface SmsMessage {
  mobile: string;
  event: CodeEvent;
  code: string;
  /** The readable text (what the `log` provider records; real providers use their own template). */
  text: string;
}

/** A way of delivering SMS. `send` resolves once the provider has accepted the message, else throws SmsSendError. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

/** The provider refused or could not be reached; `reason` is for the log, never for the visitor. */
export class SmsSendError extends Error {
  override name = 'SmsSendError';
}
