import { shopTypeCrud, type ShopTypeRow } from '@framecraft/contracts/crud/shop';
import { CrudTable } from '../../crud/crud-table.tsx';
import { PageCard } from '../page-card.tsx';

/** shop/type — the catalogue's type tree: bilingual names, icon, detail layout, weight (drag), enabled. */
export default function TypePage() {
  return (
    <PageCard>
      <CrudTable<ShopTypeRow> definition={shopTypeCrud} />
    </PageCard>
  );
}
