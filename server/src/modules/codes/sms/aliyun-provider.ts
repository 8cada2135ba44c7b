import type { Db } from '../../../db/client.ts';
import { smsLog } from '../tables.ts';
import { SmsSendError, type SmsMessage, type SmsProvider } from './provider.ts';

export interface AliyunSmsSettings {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** Host name, e.g. dysmsapi.aliyuncs.com; a full http(s) URL is allowed (tests use a local server). */
  endpoint: string;
  /** Template code per event; the template must have one variable, `${code}`. */
  templateCode: string;
}

/** The SDK (large) loads with the first message, not at start. It is CommonJS: its class is the module's `default` property. */
async function loadSdk() {
  const [{ default: Dysmsapi, SendSmsRequest }, { $OpenApiUtil }] = await Promise.all([import('@alicloud/dysmsapi20170525'), import('@alicloud/openapi-core')]);
  const Client = ((Dysmsapi as unknown as { default?: typeof Dysmsapi }).default ?? Dysmsapi) as typeof Dysmsapi;
  return { Client, SendSmsRequest, $OpenApiUtil };
}

/** Aliyun SMS through its official SDK (`SendSms`, signed requests of API version 2017-05-25). */
export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';
  constructor(
    private readonly db: Db,
    private readonly settings: AliyunSmsSettings,
  ) {}

  private client({ Client, $OpenApiUtil }: Awaited<ReturnType<typeof loadSdk>>) {
    const endpoint = this.settings.endpoint || 'dysmsapi.aliyuncs.com';
    const url = /^https?:\/\//.test(endpoint) ? new URL(endpoint) : undefined;
    return new Client(
      new $OpenApiUtil.Config({
        accessKeyId: this.settings.accessKeyId,
        accessKeySecret: this.settings.accessKeySecret,
        endpoint: url ? url.host : endpoint,
        protocol: url ? url.protocol.replace(':', '') : 'https',
        readTimeout: 10_000,
        connectTimeout: 5_000,
      }),
    );
  }

  async send(message: SmsMessage): Promise<void> {
    const sdk = await loadSdk();
    const request = new sdk.SendSmsRequest({
      phoneNumbers: message.mobile,
      signName: this.settings.signName,
      templateCode: this.settings.templateCode,
      templateParam: JSON.stringify({ code: message.code }),
    });
    let failure: string | undefined;
    try {
      const answer = await this.client(sdk).sendSms(request);
      if (answer.body?.code !== 'OK') failure = `${answer.body?.code ?? 'no code'}: ${answer.body?.message ?? ''}`;
    } catch (err) {
      failure = err instanceof Error ? err.message : String(err);
    }
    await this.db.insert(smsLog).values({
      provider: this.name,
      mobile: message.mobile,
      event: message.event,
      templateCode: this.settings.templateCode,
      // The code itself is never stored for a real delivery.
      content: JSON.stringify({ code: '******' }),
      status: failure ? 'failed' : 'sent',
      error: (failure ?? '').slice(0, 255),
    });
    if (failure) throw new SmsSendError(failure);
  }
}
