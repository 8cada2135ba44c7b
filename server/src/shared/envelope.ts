import type { Envelope } from '@framecraft/contracts/envelope';

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export function envelope<T>(code: number, msg: string, data: T): Envelope<T> {
  return { code, msg, time: nowSeconds(), data };
}

/** A success envelope around `data` that is already JSON text (from a cache): no re-serialising. */
export function okEnvelopeJson(dataJson: string, time = nowSeconds()): string {
  return `{"code":1,"msg":"","time":${time},"data":${dataJson}}`;
}
