import { translate } from '@framecraft/contracts/client-messages';
import { CODE_EVENTS } from '@framecraft/contracts/validation';
import { getLanguage } from '../../../stores/language.ts';
import { CrudTable } from '../crud/crud-table.tsx';
import type { CrudField, Option } from '../crud/types.ts';
import { idField, timeField } from './fields.ts';
import { PageCard } from './page-card.tsx';

const STATUS_OPTIONS: Option[] = [
  { value: 'logged', label: 'smsStatus.logged', color: 'blue' },
  { value: 'sent', label: 'smsStatus.sent', color: 'green' },
  { value: 'failed', label: 'smsStatus.failed', color: 'red' },
];
const purpose = (event: unknown) => (CODE_EVENTS as readonly unknown[]).includes(event) ? translate(getLanguage(), `verify.events.${String(event)}`) : String(event ?? '');

const fields: CrudField[] = [
  idField,
  { name: 'mobile', column: { filter: true, width: 140 }, form: false },
  { name: 'event', column: { filter: true, width: 150, render: purpose }, form: false },
  { name: 'content', column: { render: (v) => <span className="whitespace-pre-wrap break-words">{String(v ?? '')}</span> }, form: false },
  { name: 'provider', column: { filter: true, width: 100 }, form: false },
  { name: 'status', type: 'select', options: STATUS_OPTIONS, column: { filter: true, width: 100 }, form: false },
  { name: 'error', label: 'fields.smsError', column: { hidden: true }, form: false },
  timeField('create_time'),
];

/** routine/smsLog — the SMS the shop sent; with the `log` provider the only place they go. */
export default function SmsLogPage() {
  return (
    <PageCard>
      <CrudTable controller="routine/smsLog" fields={fields} actions={['export']} />
    </PageCard>
  );
}
