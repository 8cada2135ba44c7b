/** What other modules use of the codes feature: checking and consuming codes. */
export { checkCode, consumeCode, useCode, normaliseTarget, type CodeAddress, type CodeChannel } from './service.ts';
export { memberByAddress } from './addresses.ts';
export { codeRoutes } from './routes.ts';
// The back office's SMS log page (admin/sms-log) lists this table.
export { smsLog } from './tables.ts';
