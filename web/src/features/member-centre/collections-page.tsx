import { HeartIcon } from '../../components/icons.tsx';
import { MemberPage } from './member-page.tsx';

export default function CollectionsPage() {
  return <MemberPage titleKey="myCollections" icon={<HeartIcon />} emptyKey="collections" withBrowse={true} />;
}
