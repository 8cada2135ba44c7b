/** Public API of the ledger: other modules (admin, commerce, accounts) import only from here. */
export { changeMoney, changeScore, dailyChanges, findLedgerEntry, listLedger, LedgerError } from './service.ts';
export type { LedgerAccount, LedgerChange, LedgerEntry, LedgerErrorReason, LedgerKind } from './service.ts';
export { ledgerRoutes } from './routes.ts';
export { ledgerAdminRoutes } from './admin-routes.ts';
export { userMoneyLog, userScoreLog } from './tables.ts';
