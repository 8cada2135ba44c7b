import { EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { shopCourseCrud } from '@framecraft/contracts/crud/shop';
import { fullUrl } from '@framecraft/contracts/url';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space, Tooltip } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadNamespaces } from '../../../../../lib/i18n.ts';
import { getLanguage } from '../../../../../stores/language.ts';
import { CrudTable } from '../../../crud/crud-table.tsx';
import type { FieldOverrides } from '../../../crud/from-contract.ts';
import type { Row } from '../../../crud/types.ts';
import { Auth } from '../../../shell/auth.tsx';
import { PageCard } from '../../page-card.tsx';
import { moneyText } from '../../money.tsx';
import { ItemEditor, type EditorTarget } from './item-editor.tsx';

type TypeRelation = { name_zh?: string; name_en?: string } | null;
const pick = (zh: unknown, en: unknown) => String((getLanguage() === 'en' && en ? en : zh) ?? '');

/** What the contracts definition cannot say: names in the admin's language, the cover, prices, the VIP rule. */
function overrides(t: (key: string, options?: Record<string, unknown>) => string): FieldOverrides {
  const typeName = (row: Row) => pick((row.type as TypeRelation)?.name_zh, (row.type as TypeRelation)?.name_en);
  return {
    title_zh: { column: { render: (_v, row) => pick(row.title_zh, row.title_en), text: (_v, row) => pick(row.title_zh, row.title_en) } },
    cover: { column: { render: (v) => (v ? <img src={fullUrl(String(v), { cdnUrl: '', origin: window.location.origin })} alt="" className="h-9 w-16 rounded object-cover" /> : null), text: (v) => String(v ?? '') } },
    type_id: { column: { render: (_v, row) => typeName(row), text: (_v, row) => typeName(row) } },
    price: { column: { render: (v) => moneyText(Number(v ?? 0)), text: (v) => moneyText(Number(v ?? 0)) } },
    vip_free_level: { column: { render: (_v, row) => vipText(row, t), text: (_v, row) => vipText(row, t) } },
  };
}

function vipText(row: Row, t: (key: string, options?: Record<string, unknown>) => string) {
  const level = Number(row.vip_free_level ?? 0);
  if (level > 0) return t('list.vipFree', { level });
  if (row.vip_price !== null && row.vip_price !== undefined) return t('list.vipPrice', { price: moneyText(Number(row.vip_price)) });
  return '—';
}

/**
 * shop/course — items of both kinds (decision 041): the generic list (quick search, filters,
 * sort, paging, export, drag-sort, soft delete) and the item editor in its place when one is open.
 */
export default function ItemsPage() {
  const { t, ready } = useTranslation('items');
  const [loaded, setLoaded] = useState(false);
  const [editing, setEditing] = useState<EditorTarget | null>(null);
  const queryClient = useQueryClient();
  useEffect(() => {
    void loadNamespaces(['items', 'uploads']).then(() => setLoaded(true));
  }, []);
  const listOverrides = useMemo(() => overrides(t), [t]);
  if (!loaded || !ready) return null;

  if (editing) return <ItemEditor target={editing} onClose={() => setEditing(null)} onSaved={() => void queryClient.invalidateQueries({ queryKey: ['crud', 'shop/course'] })} />;
  return (
    <PageCard>
      <CrudTable
        definition={shopCourseCrud}
        overrides={listOverrides}
        actions={['del', 'export']}
        toolbar={() => (
          <Auth name="add">
            <Space wrap>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ kind: 'course' })} data-testid="add-course">
                {t('addCourse')}
              </Button>
              <Button icon={<PlusOutlined />} onClick={() => setEditing({ kind: 'material' })} data-testid="add-material">
                {t('addMaterial')}
              </Button>
            </Space>
          </Auth>
        )}
        rowActions={(row) => (
          <>
            <Auth name="edit">
              <Tooltip title={t('edit')}>
                <Button size="small" type="text" icon={<EditOutlined />} aria-label={t('edit')} data-testid={`item-edit-${row.id}`} onClick={() => setEditing({ id: row.id })} />
              </Tooltip>
            </Auth>
            <Tooltip title={t('preview')}>
              <Button size="small" type="text" icon={<EyeOutlined />} aria-label={t('preview')} href={`${row.kind === 'material' ? '/course2' : '/course'}/${row.id}`} target="_blank" rel="noreferrer" />
            </Tooltip>
          </>
        )}
      />
    </PageCard>
  );
}
