import { DeleteOutlined, FilterOutlined, PlusOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Form, Grid, Input, Popconfirm, Popover, Table } from 'antd';
import type { TablePaginationConfig } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import { useMemo, useState, type DragEvent, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { crudApi } from '../api/crud.ts';
import { useAuth } from '../shell/auth.tsx';
import { useColumnPrefs } from './column-prefs.ts';
import { ColumnSettings } from './column-settings.tsx';
import { crudColumns } from './crud-columns.tsx';
import { CrudExport, exportColumns } from './crud-export.tsx';
import { CrudFilters } from './crud-filters.tsx';
import { CrudFormDialog } from './crud-form-dialog.tsx';
import { fieldsOf } from './from-contract.ts';
import { listTotalText } from './list-total.ts';
import type { CrudField, CrudTableProps, Row } from './types.ts';
import { useCrudList } from './use-crud-list.ts';

/** Ids of rows that have children, at any depth. */
function parentKeys(rows: Row[], out: number[] = []): number[] {
  for (const row of rows) {
    const children = row.children as Row[] | undefined;
    if (!children?.length) continue;
    out.push(row.id);
    parentKeys(children, out);
  }
  return out;
}

/** Rows of a tree, at any depth. */
function rowCount(rows: Row[]): number {
  return rows.reduce((count, row) => count + 1 + rowCount((row.children as Row[] | undefined) ?? []), 0);
}

/**
 * A tree with more rows than this opens folded to its top level: antd renders every row of an
 * opened tree, and the ~150 menu rules took seconds of a phone's CPU to appear.
 */
const TREE_OPEN_MAX_ROWS = 60;

const DRAG_TYPE = 'application/x-framecraft-row';

/**
 * The one admin table, put together from its parts: the list state (`useCrudList`), filters
 * (`CrudFilters`), columns (`crudColumns`), column settings, the add/edit dialog
 * (`CrudFormDialog`) and the server-side export (`CrudExport`). v2 tables pass their contracts
 * `definition` (every table is on CRUD v2, decision 050), with `overrides` for a custom render or input.
 */
export function CrudTable<R extends Row = Row>(props: CrudTableProps<R>) {
  const definition = props.definition;
  const controller = definition.controller;
  const fields = useMemo(() => fieldsOf(definition, props.overrides), [definition, props.overrides]);
  const weigh = props.weigh ?? Boolean(definition.weigh);
  const tree = props.tree ?? Boolean(definition.tree);
  const defaultOrder = props.defaultOrder ?? definition.defaultOrder ?? '';
  const offered = props.actions ?? (['add', 'edit', 'del', 'export'] as const).filter((a) => (definition.actions ?? ['add', 'edit', 'del', 'export']).includes(a));

  const { t, i18n } = useTranslation('admin');
  const label = (f: CrudField) => t(f.label ?? `fields.${f.name}`);
  const list = useCrudList<R>(controller, fields, defaultOrder);
  const [showFilters, setShowFilters] = useState(false);
  const [selected, setSelected] = useState<R[]>([]);
  const [editing, setEditing] = useState<R | 'new' | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  // A small tree opens expanded, new parents too; a big one folded. Each parent the admin opens
  // or closes against that is remembered.
  const [toggled, setToggled] = useState<Set<number>>(new Set());
  const [filterForm] = Form.useForm();
  // Below antd's `sm` (576 px) the table is laid out for a phone (see crudColumns).
  const narrow = Grid.useBreakpoint().sm === false;
  const openByDefault = !tree || rowCount(list.rows) <= TREE_OPEN_MAX_ROWS;
  const can = { add: useAuth('add') && offered.includes('add'), edit: useAuth('edit') && offered.includes('edit'), del: useAuth('del') && offered.includes('del'), sortable: useAuth('sortable') };

  const columnFields = fields.filter((f) => f.column !== false && !f.column?.filterOnly);
  const filterFields = fields.filter((f) => f.column && f.column.filter);
  const defaults = useMemo(
    () => ({ order: columnFields.map((f) => f.name), hidden: columnFields.filter((f) => f.column && f.column.hidden).map((f) => f.name) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- per table
    [controller],
  );
  const { prefs, update: setPrefs, reset: resetPrefs } = useColumnPrefs(controller, defaults);
  const visible = prefs.order.map((name) => columnFields.find((f) => f.name === name)!).filter((f) => f && !prefs.hidden.includes(f.name));
  const filtered = Boolean(list.quickSearch || list.search.length);
  const dragEnabled = Boolean(weigh && can.sortable && !list.order && !filtered);

  const openEdit = async (row: R) => {
    const fresh = await crudApi.row<R>(controller, row.id).catch(() => undefined);
    if (fresh) setEditing(fresh);
  };
  const remove = async (ids: number[]) => {
    try {
      await crudApi.del(controller, ids);
      setSelected([]);
      list.reload();
    } catch {
      // shown by the request layer
    }
  };

  const columns = crudColumns<R>({
    fields: visible,
    label,
    t,
    order: list.order,
    drag: dragEnabled,
    narrow,
    canEdit: can.edit,
    canDelete: can.del,
    rowActions: props.rowActions ? (row) => props.rowActions!(row, list.reload) : undefined,
    onEdit: (row) => void openEdit(row),
    onDelete: (row) => void remove([row.id]),
  });

  const onChange = (pagination: TablePaginationConfig, _f: unknown, sorter: SorterResult<R> | SorterResult<R>[]) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    list.setOrder(s?.order && s.columnKey ? `${String(s.columnKey)},${s.order === 'ascend' ? 'asc' : 'desc'}` : '');
    list.setPaging(pagination.current ?? 1, pagination.pageSize ?? 10);
  };

  const rowProps = (row: R): HTMLAttributes<HTMLTableRowElement> =>
    ({
      'data-row-id': row.id,
      ...(dragEnabled
        ? {
            draggable: true,
            onDragStart: (e: DragEvent) => (e.dataTransfer.setData(DRAG_TYPE, String(row.id)), setDragging(row.id)),
            onDragEnd: () => setDragging(null),
            onDragOver: (e: DragEvent) => e.preventDefault(),
            onDrop: (e: DragEvent) => {
              e.preventDefault();
              const id = Number(e.dataTransfer.getData(DRAG_TYPE));
              setDragging(null);
              if (id && id !== row.id) void crudApi.sortable(controller, id, row.id).then(list.reload, () => undefined);
            },
            className: dragging === row.id ? 'opacity-40' : undefined,
          }
        : {}),
    }) as HTMLAttributes<HTMLTableRowElement>;

  return (
    <div className="flex flex-col gap-3" data-testid={`crud-${controller}`}>
      <div className="flex flex-wrap items-center gap-2">
        <Button icon={<ReloadOutlined />} onClick={list.reload} aria-label={t('crud.refresh')} />
        {can.add && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="crud-add">
            {t('crud.add')}
          </Button>
        )}
        {can.del && (
          <Popconfirm title={t('crud.confirmDelete', { count: selected.length })} disabled={!selected.length} onConfirm={() => remove(selected.map((r) => r.id))} okText={t('crud.delete')} cancelText={t('crud.cancel')}>
            <Button danger icon={<DeleteOutlined />} disabled={!selected.length} data-testid="crud-bulk-delete">
              {t('crud.delete')}
            </Button>
          </Popconfirm>
        )}
        {props.toolbar?.(selected, list.reload)}
        <div className="flex w-full flex-wrap items-center gap-2 sm:ms-auto sm:w-auto [&>*:first-child]:flex-1 sm:[&>*:first-child]:flex-none">
          <Input.Search allowClear placeholder={t('crud.quickSearch')} onSearch={list.setQuickSearch} className="w-full sm:!w-56" data-testid="crud-quick-search" />
          {filterFields.length > 0 && (
            <Button icon={<FilterOutlined />} type={showFilters || list.search.length ? 'primary' : 'default'} ghost={list.search.length > 0 && !showFilters} onClick={() => setShowFilters((s) => !s)} aria-label={t('crud.filters')} data-testid="crud-filters-toggle" />
          )}
          {offered.includes('export') && <CrudExport controller={controller} params={list.params} columns={() => exportColumns(visible, label, t)} />}
          <Popover content={<ColumnSettings prefs={prefs} fields={columnFields} label={label} onChange={setPrefs} onReset={resetPrefs} />} trigger="click" placement="bottomRight" title={t('crud.columns')}>
            <Button icon={<SettingOutlined />} aria-label={t('crud.columns')} data-testid="crud-columns" />
          </Popover>
        </div>
      </div>

      {showFilters && <CrudFilters form={filterForm} fields={filterFields} label={label} onApply={list.setFilters} />}

      <Table<R>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.rows}
        loading={list.loading}
        onChange={onChange}
        onRow={rowProps}
        scroll={{ x: 'max-content' }}
        expandable={
          tree
            ? {
                // The tree's indent and toggle sit in the first data column after the id. rc-table
                // counts the selection column and antd takes one off when there is one: add it twice.
                expandIconColumnIndex: Math.max(0, columns.findIndex((c) => c.key !== '__drag' && c.key !== 'id')) + (can.del ? 2 : 0),
                expandedRowKeys: parentKeys(list.rows).filter((id) => openByDefault !== toggled.has(id)),
                onExpand: (expanded, row) =>
                  setToggled((t) => {
                    const next = new Set(t);
                    if (expanded === openByDefault) next.delete(row.id);
                    else next.add(row.id);
                    return next;
                  }),
              }
            : undefined
        }
        rowSelection={can.del ? { columnWidth: narrow ? 36 : undefined, selectedRowKeys: selected.map((r) => r.id), onChange: (_k, r) => setSelected(r), checkStrictly: true } : undefined}
        pagination={tree && !filtered ? false : { current: list.page, pageSize: list.limit, total: list.total, showSizeChanger: true, showTotal: (total) => listTotalText(t, i18n.language, total, list.totalCapped) }}
      />

      <CrudFormDialog<R>
        controller={controller}
        fields={fields}
        editing={editing}
        label={label}
        toForm={props.toForm}
        fromForm={props.fromForm}
        idempotentAdd={props.idempotentAdd}
        onClose={() => setEditing(null)}
        onSaved={() => (setEditing(null), list.reload())}
      />
    </div>
  );
}
