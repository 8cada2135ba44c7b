import { DocumentIcon } from '../../components/icons.tsx';
import { MemberPage } from './member-page.tsx';

export default function FaqPage() {
  return <MemberPage titleKey="faq" icon={<DocumentIcon />} emptyKey="faq" withBrowse={false} />;
}
