import type { LoginAnswer } from '@framecraft/contracts/member';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { asksForCaptcha } from '../../components/captcha/use-captcha-gate.ts';
import { request } from '../../lib/request/index.ts';
import { useMemberStore } from '../../stores/member.ts';
import { safeRedirectTarget } from '../../utils/redirect-target.ts';

/** `POST /api/user/checkIn` (conventions "Member login and account"): log in or register. */
export function useCheckIn() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [submitting, setSubmitting] = useState(false);

  /** Resolves true when the server asks for the click captcha first (the caller solves it and calls again). */
  async function checkIn(body: Record<string, unknown> & { tab: 'login' | 'register' }): Promise<boolean> {
    setSubmitting(true);
    try {
      const answer = await request<LoginAnswer>({
        url: '/api/user/checkIn',
        method: 'POST',
        data: body,
        context: 'user',
        showSuccessMessage: true,
      });
      useMemberStore.getState().fill(answer.data.userInfo);
      await navigate(safeRedirectTarget(search, answer.data.routePath || '/user'), { replace: true });
      return false;
    } catch (error) {
      // The request layer has shown the server's message.
      return asksForCaptcha(error) && !('captchaId' in body);
    } finally {
      setSubmitting(false);
    }
  }

  return { checkIn, submitting };
}
