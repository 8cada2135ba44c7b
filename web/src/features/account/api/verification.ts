import type { LoginSettings } from '@framecraft/contracts/member';
import type { VerificationChannel } from '@framecraft/contracts/validation';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/request/index.ts';

/** `GET /api/user/checkIn` (contracts). */
export type CheckInSettings = LoginSettings;

/** `GET /api/user/checkIn`: whether login needs the captcha and how registration is verified. */
export const fetchCheckInSettings = async () => (await request<CheckInSettings>({ url: '/api/user/checkIn', context: 'user', showErrorMessage: false })).data;

export const checkInSettingsQuery = queryOptions({
  queryKey: ['account', 'check-in-settings'],
  queryFn: fetchCheckInSettings,
  staleTime: 60_000,
});

/** `POST /api/account/retrievePassword {type, account, captcha, password}`. */
export function retrievePassword(body: { type: VerificationChannel; account: string; captcha: string; password: string }) {
  return request({ url: '/api/account/retrievePassword', method: 'POST', data: body, context: 'user', showSuccessMessage: true });
}
