/** Public API of the ledger: other modules (admin, commerce, accounts) import only from here. */
export { changeLedger, changeMoney, changeScore, listLedger, centsToYuan, LedgerError } from './service.ts';
export type { LedgerEntry, LedgerKind, ChangeOptions } from './service.ts';
