import { shopCollectCrud, type ShopCollectRow } from '@framecraft/contracts/crud/shop';
import { CrudTable } from '../../crud/crud-table.tsx';
import { PageCard } from '../page-card.tsx';

/** shop/collect — members' favourites, read only: filter by member or item (also by name), export. */
export default function CollectPage() {
  return (
    <PageCard>
      <CrudTable<ShopCollectRow> definition={shopCollectCrud} />
    </PageCard>
  );
}
