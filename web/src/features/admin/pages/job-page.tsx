import { jobCrud, type JobRow } from '@framecraft/contracts/crud/organization';
import { CrudTable } from '../crud/crud-table.tsx';
import { PageCard } from './page-card.tsx';

/** organization/job — spec §3 Job (CRUD v2 definition in contracts). */
export default function JobPage() {
  return (
    <PageCard>
      <CrudTable<JobRow> definition={jobCrud} />
    </PageCard>
  );
}
