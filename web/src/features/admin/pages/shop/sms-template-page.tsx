import { shopSmsTemplateCrud, type ShopSmsTemplateRow } from '@framecraft/contracts/crud/shop';
import { CrudTable } from '../../crud/crud-table.tsx';
import { PageCard } from '../page-card.tsx';

/** shop/smsTemplate — the provider template of each code event. */
export default function SmsTemplatePage() {
  return (
    <PageCard>
      <CrudTable<ShopSmsTemplateRow> definition={shopSmsTemplateCrud} />
    </PageCard>
  );
}
