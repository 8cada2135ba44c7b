import type { CodeEvent, VerificationChannel } from '@framecraft/contracts/validation';
import { request } from '../../lib/request/index.ts';
import type { SolvedCaptcha } from './click-captcha.tsx';

/**
 * `POST /api/Ems/send` or `POST /api/Sms/send` (spec §7) with a solved click captcha, which the
 * server requires before any code goes out. Shows the server's message either way.
 */
export function sendCode(channel: VerificationChannel, target: string, event: CodeEvent, solved: SolvedCaptcha) {
  return channel === 'email'
    ? request({ url: '/api/Ems/send', method: 'POST', data: { email: target, event, ...solved }, context: 'user', showSuccessMessage: true })
    : request({ url: '/api/Sms/send', method: 'POST', data: { mobile: target, template_code: event, ...solved }, context: 'user', showSuccessMessage: true });
}
