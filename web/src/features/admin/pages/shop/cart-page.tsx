import { CrudTable } from '../../crud/crud-table.tsx';
import type { CrudField, Row } from '../../crud/types.ts';
import { getLanguage } from '../../../../stores/language.ts';
import { idField, timeField } from '../fields.ts';
import { PageCard } from '../page-card.tsx';
import { memberField, yuan } from './shop-fields.tsx';

type CourseRelation = { title_zh?: string; title_en?: string; price?: number } | null;
const course = (row: Row) => row.course as CourseRelation;

const fields: CrudField[] = [
  idField,
  memberField,
  {
    name: 'course_id',
    label: 'fields.item',
    type: 'number',
    column: { filter: true, exportPath: 'course.title_zh', render: (_v, row) => `${(getLanguage() === 'en' ? course(row)?.title_en : course(row)?.title_zh) || course(row)?.title_zh || ''} (#${String(row.course_id)})` },
    form: false,
  },
  { name: 'price', label: 'fields.price', type: 'money', column: { width: 120, exportPath: 'course.price', render: (_v, row) => yuan(course(row)?.price ?? 0) }, form: false },
  timeField('create_time'),
];

/** shop/cart — what members keep in their carts (read, filter, export; delete a line). */
export default function CartPage() {
  return (
    <PageCard>
      <CrudTable controller="shop/cart" fields={fields} actions={['del', 'export']} defaultOrder="id,desc" />
    </PageCard>
  );
}
