import { InboxIcon } from '../../components/icons.tsx';
import { MemberPage } from './member-page.tsx';

export default function PaymentsPage() {
  return <MemberPage titleKey="myPayments" icon={<InboxIcon />} emptyKey="payments" withBrowse={false} />;
}
