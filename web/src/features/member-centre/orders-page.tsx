import { DocumentIcon } from '../../components/icons.tsx';
import { MemberPage } from './member-page.tsx';

export default function OrdersPage() {
  return <MemberPage titleKey="myOrders" icon={<DocumentIcon />} emptyKey="orders" withBrowse={true} />;
}
