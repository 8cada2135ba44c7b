import { dataRecycleCrud, type DataRecycleRow } from '@framecraft/contracts/crud/security';
import { CrudTable } from '../crud/crud-table.tsx';
import { PageCard } from './page-card.tsx';

/** security/dataRecycle — which tables copy deleted rows to the recycle bin (CRUD v2 definition in contracts). */
export default function DataRecyclePage() {
  return (
    <PageCard>
      <CrudTable<DataRecycleRow> definition={dataRecycleCrud} />
    </PageCard>
  );
}
