import type { Envelope } from '@framecraft/contracts/envelope';

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export function envelope<T>(code: number, msg: string, data: T): Envelope<T> {
  return { code, msg, time: nowSeconds(), data };
}
