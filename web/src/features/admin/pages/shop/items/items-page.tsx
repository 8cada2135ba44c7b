import { EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { COURSE_KINDS, COURSE_STATUSES } from '@framecraft/contracts/catalogue-constants';
import { fullUrl } from '@framecraft/contracts/url';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadNamespaces } from '../../../../../lib/i18n.ts';
import { getLanguage } from '../../../../../stores/language.ts';
import { CrudTable } from '../../../crud/crud-table.tsx';
import type { CrudField, Row } from '../../../crud/types.ts';
import { Auth } from '../../../shell/auth.tsx';
import { idField, timeField, weighField } from '../../fields.ts';
import { PageCard } from '../../page-card.tsx';
import { moneyText } from '../../money.tsx';
import { ItemEditor, type EditorTarget } from './item-editor.tsx';

const STATUS_COLORS: Record<string, string> = { draft: 'default', on_sale: 'green', off_sale: 'orange' };
type TypeRelation = { name_zh?: string; name_en?: string } | null;
const pick = (zh: unknown, en: unknown) => String((getLanguage() === 'en' && en ? en : zh) ?? '');

/** The list's columns and filters; labels in the `items` namespace (full keys, as CrudTable reads `admin`). */
function fields(t: (key: string, options?: Record<string, unknown>) => string): CrudField[] {
  return [
    idField,
    { name: 'title_zh', label: 'items:list.title', column: { width: 240, render: (_v, row) => pick(row.title_zh, row.title_en), text: (_v, row) => pick(row.title_zh, row.title_en) }, form: false },
    {
      name: 'cover',
      label: 'items:field.cover',
      column: { width: 92, render: (v) => (v ? <img src={fullUrl(String(v), { cdnUrl: '', origin: window.location.origin })} alt="" className="h-9 w-16 rounded object-cover" /> : null), text: (v) => String(v ?? '') },
      form: false,
    },
    { name: 'kind', label: 'items:field.kind', type: 'select', options: COURSE_KINDS.map((k) => ({ value: k, label: `items:kind.${k}` })), column: { filter: true, width: 110 }, form: false },
    {
      name: 'type_id',
      label: 'items:list.type',
      type: 'number',
      column: { filter: true, width: 130, render: (_v, row) => pick((row.type as TypeRelation)?.name_zh, (row.type as TypeRelation)?.name_en), text: (_v, row) => pick((row.type as TypeRelation)?.name_zh, (row.type as TypeRelation)?.name_en) },
      form: false,
    },
    { name: 'price', label: 'items:list.price', type: 'number', column: { sortable: true, filter: true, width: 110, render: (v) => moneyText(Number(v ?? 0)), text: (v) => moneyText(Number(v ?? 0)) }, form: false },
    {
      name: 'vip_free_level',
      label: 'items:list.vip',
      type: 'number',
      column: {
        filter: true,
        width: 140,
        render: (_v, row) => vipText(row, t),
        text: (_v, row) => vipText(row, t),
      },
      form: false,
    },
    { name: 'status', label: 'items:field.status', type: 'select', options: COURSE_STATUSES.map((s) => ({ value: s, label: `items:status.${s}`, color: STATUS_COLORS[s] })), column: { filter: true, width: 100 }, form: false },
    { name: 'sales', label: 'items:list.sales', type: 'number', column: { sortable: true, width: 90 }, form: false },
    weighField,
    timeField('update_time', true),
    timeField('create_time'),
  ];
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
  if (!loaded || !ready) return null;

  if (editing) return <ItemEditor target={editing} onClose={() => setEditing(null)} onSaved={() => void queryClient.invalidateQueries({ queryKey: ['crud', 'shop/course'] })} />;
  return (
    <PageCard>
      <CrudTable
        controller="shop/course"
        fields={fields(t)}
        weigh
        actions={['del', 'export']}
        defaultOrder="id,desc"
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
