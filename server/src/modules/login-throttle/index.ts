export {
  accountKey,
  captchaRequired,
  clearAccount,
  DEFAULT_POLICY,
  IP_FACTOR,
  throttledLogin,
  type LoginScope,
  type ThrottlePolicy,
} from './service.ts';
export { throttlePolicy } from './policy.ts';
