import { DeleteOutlined, EditOutlined, HolderOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { CSSProperties, ReactNode } from 'react';
import { cellText, isOn } from './cell-text.ts';
import type { CrudField, Row } from './types.ts';

interface ColumnOptions<R extends Row> {
  fields: CrudField[];
  label: (f: CrudField) => string;
  t: TFunction;
  order: string;
  drag: boolean;
  canEdit: boolean;
  canDelete: boolean;
  /** A phone-width screen: narrow id and handle columns, text columns keep a readable width, actions scroll with the row. */
  narrow?: boolean;
  rowActions?: (row: R) => ReactNode;
  onEdit: (row: R) => void;
  onDelete: (row: R) => void;
}

/** A cell by field type: tags for switches and options, a thumbnail for images, else the cell's text. */
function renderCell<R extends Row>(field: CrudField, value: unknown, row: R, t: TFunction): ReactNode {
  const column = field.column || {};
  if (column.render) return column.render(value, row);
  const text = cellText(field, row, t);
  if (field.type === 'switch') return <Tag color={isOn(value) ? 'green' : 'default'}>{text}</Tag>;
  if (field.type === 'select') {
    const option = field.options?.find((o) => String(o.value) === String(value));
    return option?.color ? <Tag color={option.color}>{text}</Tag> : text;
  }
  if (field.type === 'image') return text ? <img src={text} alt="" className="h-10 w-10 rounded object-cover" loading="lazy" /> : null;
  if (field.type === 'money') return <span className="whitespace-nowrap tabular-nums">{text}</span>;
  return text;
}

/** Field types whose cells hold free text (titles, names, notes): they get a minimum width instead of being squeezed. */
const TEXT_TYPES = new Set<CrudField['type']>([undefined, 'text', 'textarea', 'email', 'remoteSelect']);
/** Minimum width of a free-text column (px): about 10 CJK characters or 20 Latin ones. */
export const TEXT_COLUMN_MIN_WIDTH = 160;
/** Width of the id column on a phone (px): room for five digits and the sort arrows. */
const NARROW_ID_WIDTH = 64;

/** The width and cell style of a field's column: definitions set desktop widths, a phone gets narrower fixed ones. */
function columnSize(field: CrudField, narrow: boolean): { width?: number; style?: CSSProperties } {
  const width = field.column ? field.column.width : undefined;
  if (field.name === 'id') return { width: narrow ? Math.min(width ?? NARROW_ID_WIDTH, NARROW_ID_WIDTH) : width };
  if (!width && TEXT_TYPES.has(field.type)) return { width, style: { minWidth: TEXT_COLUMN_MIN_WIDTH } };
  return { width };
}

/** The antd columns of a table: drag handle, the visible fields, row actions. */
export function crudColumns<R extends Row>(o: ColumnOptions<R>): ColumnsType<R> {
  const { t } = o;
  const narrow = Boolean(o.narrow);
  return [
    ...(o.drag ? [{ key: '__drag', width: narrow ? 32 : 40, align: 'center' as const, render: () => <HolderOutlined className="cursor-grab text-neutral-400" aria-label={t('crud.dragToSort')} /> }] : []),
    ...o.fields.map((field) => {
      const column = field.column || {};
      const { width, style } = columnSize(field, narrow);
      return {
        key: field.name,
        dataIndex: field.name,
        title: o.label(field),
        width,
        sorter: column.sortable ? true : undefined,
        onHeaderCell: () => ({ style }) as React.HTMLAttributes<HTMLElement>,
        onCell: () => ({ 'data-col': field.name, style }) as React.HTMLAttributes<HTMLElement>,
        sortOrder: o.order.startsWith(`${field.name},`) ? (o.order.endsWith(',asc') ? ('ascend' as const) : ('descend' as const)) : null,
        render: (value: unknown, row: R) => renderCell(field, value, row, t),
      };
    }),
    ...(o.rowActions || o.canEdit || o.canDelete
      ? [
          {
            key: '__actions',
            title: t('crud.actions'),
            // Pinned on wide screens; on a phone a pinned column would cover the row's text.
            fixed: narrow ? undefined : ('right' as const),
            width: narrow ? undefined : 120,
            onCell: () => ({ 'data-col': '__actions' }) as React.HTMLAttributes<HTMLElement>,
            render: (_: unknown, row: R) => (
              <Space size={4}>
                {o.rowActions?.(row)}
                {o.canEdit && (
                  <Tooltip title={t('crud.edit')}>
                    <Button size="small" type="text" icon={<EditOutlined />} aria-label={t('crud.edit')} data-testid={`edit-${row.id}`} onClick={() => o.onEdit(row)} />
                  </Tooltip>
                )}
                {o.canDelete && (
                  <Popconfirm title={t('crud.confirmDelete', { count: 1 })} onConfirm={() => o.onDelete(row)} okText={t('crud.delete')} cancelText={t('crud.cancel')}>
                    <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('crud.delete')} data-testid={`delete-${row.id}`} />
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];
}
