import { LedgerPage } from './ledger-page.tsx';

export default function PointsLogPage() {
  return <LedgerPage kind="integral" />;
}
