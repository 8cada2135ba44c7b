import { LedgerPage } from './ledger-page.tsx';

export default function BalanceLogPage() {
  return <LedgerPage kind="balance" />;
}
