/** Public API of the ledger: other modules (admin, commerce, accounts) import only from here. */
export { changeMoney, changeScore, findLedgerEntry, listLedger, LedgerError } from './service.ts';
export type { LedgerAccount, LedgerChange, LedgerEntry, LedgerErrorReason, LedgerKind } from './service.ts';
export { ledgerRoutes } from './routes.ts';
// The back office's balance and points log pages (admin/members) list these tables.
export { userMoneyLog, userScoreLog } from './tables.ts';
