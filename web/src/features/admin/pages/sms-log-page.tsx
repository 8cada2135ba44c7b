import { translate } from '@framecraft/contracts/client-messages';
import { smsLogCrud, type SmsLogRow } from '@framecraft/contracts/crud/routine';
import { CODE_EVENTS } from '@framecraft/contracts/validation';
import { getLanguage } from '../../../stores/language.ts';
import { CrudTable } from '../crud/crud-table.tsx';
import type { FieldOverrides } from '../crud/from-contract.ts';
import { PageCard } from './page-card.tsx';

const purpose = (event: unknown) => (CODE_EVENTS as readonly unknown[]).includes(event) ? translate(getLanguage(), `verify.events.${String(event)}`) : String(event ?? '');

// The table comes from the contracts definition (CRUD v2); the page only words the event and wraps the text.
const overrides: FieldOverrides = {
  event: { column: { render: purpose } },
  content: { column: { render: (v) => <span className="whitespace-pre-wrap break-words">{String(v ?? '')}</span> } },
};

/** routine/smsLog — the SMS the shop sent; with the `log` provider the only place they go. */
export default function SmsLogPage() {
  return (
    <PageCard>
      <CrudTable<SmsLogRow> definition={smsLogCrud} overrides={overrides} />
    </PageCard>
  );
}
