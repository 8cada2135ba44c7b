import type { MessageKey } from '@framecraft/contracts/messages';
import { CODE } from '@framecraft/contracts/constants';

/**
 * The one way a handler reports a failure: an envelope code, a message key translated per
 * request (`think-lang`), optional data, and the HTTP status (200 unless transport-level).
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly msgKey: MessageKey,
    readonly options: {
      code?: number;
      params?: Record<string, unknown>;
      /** Already-translated message, used instead of msgKey (validation's first field message). */
      msg?: string;
      data?: unknown;
      httpStatus?: number;
    } = {},
  ) {
    super(msgKey);
  }
  get code(): number {
    return this.options.code ?? CODE.failure;
  }
}

export const needLogin = () =>
  new ApiError('api.needLogin', { code: CODE.loginState, data: { type: 'need login' } });
export const tokenExpired = () => new ApiError('api.tokenExpired', { code: CODE.tokenExpired });
export const noPermission = () => new ApiError('api.noPermission', { code: CODE.noPermission });

/** A write refused by a unique index (PostgreSQL 23505), also when wrapped by the driver or ORM. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}
