import { request } from '../../../lib/request/index.ts';
import type { BindVerificationAnswer, MemberInfo, MemberInfoAnswer } from '@framecraft/contracts/member';

/**
 * Changing the bound e-mail / mobile (spec §7 `verification`, `changeBind`; conventions code events).
 * Step 1 proves the member owns the current one (a code sent with event `user_<type>_verify`), step 2
 * binds the new one (event `user_change_<type>`). A member with nothing bound starts at step 2.
 */
export type BindType = 'email' | 'mobile';

/** `POST /api/account/verification {type, captcha}` → the token that allows `changeBind`. */
export async function verifyCurrent(type: BindType, captcha: string): Promise<string> {
  const answer = await request<BindVerificationAnswer>({
    url: '/api/account/verification',
    method: 'POST',
    data: { type, captcha },
    context: 'user',
  });
  return answer.data.accountVerificationToken;
}

/** `POST /api/account/changeBind {type, email|mobile, captcha, accountVerificationToken}`. */
export async function changeBind(type: BindType, value: string, captcha: string, accountVerificationToken: string): Promise<MemberInfo> {
  const answer = await request<MemberInfoAnswer>({
    url: '/api/account/changeBind',
    method: 'POST',
    data: { type, [type]: value, captcha, accountVerificationToken },
    context: 'user',
    showSuccessMessage: true,
  });
  return answer.data.userInfo;
}
