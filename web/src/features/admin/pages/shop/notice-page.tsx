import { shopNoticeCrud, type ShopNoticeRow } from '@framecraft/contracts/crud/shop';
import { CrudTable } from '../../crud/crud-table.tsx';
import { PageCard } from '../page-card.tsx';

/** shop/notice — the home page's notices: bilingual title and rich-text content, window, weight, status. */
export default function NoticePage() {
  return (
    <PageCard>
      <CrudTable<ShopNoticeRow> definition={shopNoticeCrud} />
    </PageCard>
  );
}
