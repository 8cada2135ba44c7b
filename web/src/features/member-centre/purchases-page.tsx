import { FilmIcon } from '../../components/icons.tsx';
import { MemberPage } from './member-page.tsx';

export default function PurchasesPage() {
  return <MemberPage titleKey="myPurchases" icon={<FilmIcon />} emptyKey="purchases" withBrowse={true} />;
}
