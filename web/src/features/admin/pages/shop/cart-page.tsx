import { shopCartCrud, type ShopCartRow } from '@framecraft/contracts/crud/commerce';
import { CrudTable } from '../../crud/crud-table.tsx';
import type { FieldOverrides } from '../../crud/from-contract.ts';
import type { Row } from '../../crud/types.ts';
import { getLanguage } from '../../../../stores/language.ts';
import { PageCard } from '../page-card.tsx';
import { memberField, yuan } from './shop-fields.tsx';

type CourseRelation = { title_zh?: string; title_en?: string; price?: number } | null;
const course = (row: Row) => row.course as CourseRelation;

// The table comes from the contracts definition (CRUD v2); the page names the item in the admin's language.
const overrides: FieldOverrides = {
  user_id: { column: memberField.column },
  course_id: { column: { render: (_v, row) => `${(getLanguage() === 'en' ? course(row)?.title_en : course(row)?.title_zh) || course(row)?.title_zh || ''} (#${String(row.course_id)})` } },
  price: { column: { exportPath: 'course.price', render: (_v, row) => yuan(course(row)?.price ?? 0) } },
};

/** shop/cart — what members keep in their carts (read, filter, export; delete a line). */
export default function CartPage() {
  return (
    <PageCard>
      <CrudTable<ShopCartRow> definition={shopCartCrud} overrides={overrides} actions={['del', 'export']} />
    </PageCard>
  );
}
