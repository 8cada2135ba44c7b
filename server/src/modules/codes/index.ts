/** What other modules use of the codes feature: checking and consuming codes. */
export { checkCode, consumeCode, useCode, normaliseTarget, type CodeAddress, type CodeChannel } from './service.ts';
export { memberByAddress } from './addresses.ts';
