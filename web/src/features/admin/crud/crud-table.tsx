import { DeleteOutlined, DownloadOutlined, EditOutlined, FilterOutlined, HolderOutlined, PlusOutlined, ReloadOutlined, SettingOutlined } from '@ant-design/icons';
import { formatDate } from '@framecraft/contracts/date';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, DatePicker, Dropdown, Form, Input, InputNumber, Modal, Popconfirm, Popover, Select, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType, TablePaginationConfig } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import { isValidElement, useMemo, useRef, useState, type DragEvent, type HTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isRequestError } from '../../../lib/request/index.ts';
import { newIdempotencyKey } from '../../../utils/idempotency-key.ts';
import { crudApi, type SearchItem } from '../api/crud.ts';
import { useAuth } from '../shell/auth.tsx';
import { useColumnPrefs } from './column-prefs.ts';
import { exportCsv, exportExcel, type ExportColumn } from './export.ts';
import { FieldInput } from './field-input.tsx';
import { RemoteSelect } from './remote-select.tsx';
import { seededName } from './seeded-names.ts';
import type { CrudField, CrudTableProps, Row } from './types.ts';

type FilterValues = Record<string, unknown>;

/** Filter form values → `search[]` items of the conventions. */
function toSearch(fields: CrudField[], values: FilterValues): SearchItem[] {
  const items: SearchItem[] = [];
  for (const field of fields) {
    const value = values[field.name];
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.every((v) => v === null || v === undefined))) continue;
    switch (field.type) {
      case 'number': {
        const [from, to] = value as [number | null, number | null];
        items.push({ field: field.name, operator: 'RANGE', val: `${from ?? ''},${to ?? ''}` });
        break;
      }
      case 'datetime': {
        const [from, to] = value as [{ unix(): number } | null, { unix(): number } | null];
        items.push({ field: field.name, operator: 'RANGE', val: `${from?.unix() ?? ''},${to?.unix() ?? ''}`, render: 'datetime' });
        break;
      }
      case 'select':
      case 'switch':
      case 'remoteSelect':
        items.push({ field: field.name, operator: '=', val: String(value) });
        break;
      default:
        items.push({ field: field.name, operator: 'LIKE', val: String(value) });
    }
  }
  return items;
}

/** The visible text of rendered cell content: strings and numbers of the elements' children. */
function nodeText(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'bigint') return String(node);
  if (Array.isArray(node)) return node.map(nodeText).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return nodeText(node.props.children);
  return '';
}

/**
 * The text of a cell as the table shows it, shared by the table and the exports: a column's
 * `text`, else the text of its `render` (names, formatted money), else the value by field type.
 */
function cellText(field: CrudField, row: Row, t: (key: string) => string): string {
  const value = row[field.name];
  const column = field.column || undefined;
  if (column?.text) return column.text(value, row, t);
  if (column?.render) return nodeText(column.render(value, row));
  if (value === null || value === undefined) return '';
  if (field.type === 'datetime') return typeof value === 'number' && value > 0 ? formatDate(value) : '';
  if (field.type === 'switch') return t(value === 1 || value === 'enable' ? 'common.enabled' : 'common.disabled');
  if (field.type === 'select') {
    const option = field.options?.find((o) => String(o.value) === String(value));
    return option ? t(option.label) : String(value);
  }
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return seededName(t, String(value));
}

function FilterInput({ field }: { field: CrudField }) {
  const { t } = useTranslation('admin');
  switch (field.type) {
    case 'number':
      return (
        <Space.Compact>
          <Form.Item name={[field.name, 0]} noStyle>
            <InputNumber placeholder={t('crud.from')} />
          </Form.Item>
          <Form.Item name={[field.name, 1]} noStyle>
            <InputNumber placeholder={t('crud.to')} />
          </Form.Item>
        </Space.Compact>
      );
    case 'datetime':
      return (
        <Form.Item name={field.name} noStyle>
          <DatePicker.RangePicker showTime allowEmpty={[true, true]} />
        </Form.Item>
      );
    case 'select':
    case 'switch': {
      const options = field.type === 'switch' ? [{ value: 1, label: 'common.enabled' }, { value: 0, label: 'common.disabled' }] : (field.options ?? []);
      return (
        <Form.Item name={field.name} noStyle>
          <Select allowClear placeholder={t('crud.any')} options={options.map((o) => ({ value: o.value, label: t(o.label) }))} style={{ minWidth: 140 }} data-testid={`filter-${field.name}`} />
        </Form.Item>
      );
    }
    case 'remoteSelect':
      return (
        <Form.Item name={field.name} noStyle>
          <RemoteSelect source={{ ...field.remote!, multiple: false }} testId={`filter-${field.name}`} />
        </Form.Item>
      );
    default:
      return (
        <Form.Item name={field.name} noStyle>
          <Input allowClear placeholder={t('crud.contains')} data-testid={`filter-${field.name}`} />
        </Form.Item>
      );
  }
}

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

const DRAG_TYPE = 'application/x-framecraft-row';

/**
 * The one admin table: quick search, generated filters, sortable columns, paging, column
 * settings kept across reloads, drag-sort, add/edit dialog, delete, CSV/Excel export.
 */
export function CrudTable(props: CrudTableProps) {
  const { controller, fields, weigh, tree } = props;
  const { t } = useTranslation('admin');
  const label = (f: CrudField) => t(f.label ?? `fields.${f.name}`);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const [quickSearch, setQuickSearch] = useState('');
  const [filters, setFilters] = useState<FilterValues>({});
  const [showFilters, setShowFilters] = useState(false);
  const [order, setOrder] = useState('');
  const [selected, setSelected] = useState<Row[]>([]);
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  // The add dialog's request key: new when the dialog opens, unchanged while it retries.
  const addKey = useRef('');
  const [saving, setSaving] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [dragging, setDragging] = useState<number | null>(null);
  // Tree rows start expanded, new parents too; an admin's collapsing is remembered.
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const [filterForm] = Form.useForm();
  const [form] = Form.useForm();
  const can = { add: useAuth('add'), edit: useAuth('edit'), del: useAuth('del'), sortable: useAuth('sortable') };
  const offered = props.actions ?? ['add', 'edit', 'del', 'export'];

  const columnFields = fields.filter((f) => f.column !== false);
  const defaults = useMemo(
    () => ({ order: columnFields.map((f) => f.name), hidden: columnFields.filter((f) => f.column && f.column.hidden).map((f) => f.name) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [controller],
  );
  const { prefs, update: setPrefs, reset: resetPrefs } = useColumnPrefs(controller, defaults);

  const search = toSearch(fields.filter((f) => f.column && f.column.filter), filters);
  const params = { page, limit, quickSearch, search, order: order || props.defaultOrder || '' };
  const query = useQuery({
    queryKey: ['crud', controller, params],
    queryFn: ({ signal }) => crudApi.index(controller, params, signal),
    placeholderData: (previous) => previous,
  });
  const reload = () => void query.refetch();
  const rows = query.data?.list ?? [];

  const visible = prefs.order.map((name) => columnFields.find((f) => f.name === name)!).filter((f) => f && !prefs.hidden.includes(f.name));
  const selectable = offered.includes('del') && can.del;
  const dragEnabled = Boolean(weigh && can.sortable && !order && !quickSearch && search.length === 0);

  const columns: ColumnsType<Row> = [
    ...(dragEnabled
      ? [{ key: '__drag', width: 40, render: () => <HolderOutlined className="cursor-grab text-neutral-400" aria-label={t('crud.dragToSort')} /> }]
      : []),
    ...visible.map((field) => {
      const column = field.column || {};
      return {
        key: field.name,
        dataIndex: field.name,
        title: label(field),
        width: column.width,
        sorter: column.sortable ? true : undefined,
        onCell: () => ({ 'data-col': field.name }) as never,
        sortOrder: order.startsWith(`${field.name},`) ? (order.endsWith(',asc') ? ('ascend' as const) : ('descend' as const)) : null,
        render: (value: unknown, row: Row) => {
          if (column.render) return column.render(value, row);
          const text = cellText(field, row, t);
          if (field.type === 'switch') return <Tag color={value === 1 || value === 'enable' ? 'green' : 'default'}>{text}</Tag>;
          if (field.type === 'select') {
            const option = field.options?.find((o) => String(o.value) === String(value));
            return option?.color ? <Tag color={option.color}>{text}</Tag> : text;
          }
          return text;
        },
      };
    }),
    ...(props.rowActions || (offered.includes('edit') && can.edit) || (offered.includes('del') && can.del)
      ? [
          {
            key: '__actions',
            title: t('crud.actions'),
            fixed: 'right' as const,
            width: 120,
            render: (_: unknown, row: Row) => (
              <Space size={4}>
                {props.rowActions?.(row, reload)}
                {offered.includes('edit') && can.edit && (
                  <Tooltip title={t('crud.edit')}>
                    <Button size="small" type="text" icon={<EditOutlined />} aria-label={t('crud.edit')} data-testid={`edit-${row.id}`} onClick={() => void openEdit(row)} />
                  </Tooltip>
                )}
                {offered.includes('del') && can.del && (
                  <Popconfirm title={t('crud.confirmDelete', { count: 1 })} onConfirm={() => remove([row.id])} okText={t('crud.delete')} cancelText={t('crud.cancel')}>
                    <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('crud.delete')} data-testid={`delete-${row.id}`} />
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];

  async function openEdit(row: Row) {
    const fresh = await crudApi.row(controller, row.id).catch(() => undefined);
    if (!fresh) return;
    form.resetFields();
    form.setFieldsValue(props.toForm ? props.toForm(fresh) : fresh);
    setEditing(fresh);
  }
  function openAdd() {
    form.resetFields();
    const initial: Record<string, unknown> = {};
    for (const f of fields) if (f.form && f.form.defaultValue !== undefined) initial[f.name] = f.form.defaultValue;
    form.setFieldsValue(initial);
    addKey.current = newIdempotencyKey();
    setEditing('new');
  }
  async function save() {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const body = props.fromForm ? props.fromForm(values) : values;
    setSaving(true);
    try {
      if (editing === 'new') await crudApi.add(controller, props.idempotentAdd ? { ...body, idempotency_key: addKey.current } : body);
      else await crudApi.edit(controller, { ...body, id: (editing as Row).id });
      setEditing(null);
      reload();
    } catch (error) {
      const errors = isRequestError(error) ? (error.envelope?.data as { errors?: Record<string, string> } | null)?.errors : undefined;
      if (errors) form.setFields(Object.entries(errors).map(([name, message]) => ({ name, errors: [message] })));
    } finally {
      setSaving(false);
    }
  }
  async function remove(ids: number[]) {
    try {
      await crudApi.del(controller, ids);
      setSelected([]);
      reload();
    } catch {
      // shown by the request layer
    }
  }
  async function runExport(kind: 'csv' | 'xlsx') {
    setExporting(true);
    try {
      const all: Row[] = [];
      const flatten = (list: Row[]) => list.forEach((r) => (all.push(r), Array.isArray(r.children) && flatten(r.children as Row[])));
      for (let p = 1; ; p++) {
        const answer = await crudApi.index(controller, { ...params, page: p, limit: 1000 });
        flatten(answer.list);
        if (answer.list.length < 1000 || tree) break;
      }
      const exported: ExportColumn[] = visible.map((f) => ({ title: label(f), text: (r) => cellText(f, r as Row, t) }));
      const name = `${controller.replace(/\//g, '-')}-${formatDate(new Date(), 'yyyymmdd-hhMMss')}`;
      if (kind === 'csv') exportCsv(exported, all, name);
      else await exportExcel(exported, all, name);
    } finally {
      setExporting(false);
    }
  }

  const onChange = (pagination: TablePaginationConfig, _f: unknown, sorter: SorterResult<Row> | SorterResult<Row>[]) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    setOrder(s?.order && s.columnKey ? `${String(s.columnKey)},${s.order === 'ascend' ? 'asc' : 'desc'}` : '');
    setPage(pagination.current ?? 1);
    setLimit(pagination.pageSize ?? 10);
  };

  const rowProps = (row: Row): HTMLAttributes<HTMLTableRowElement> & { 'data-row-id': number } =>
    dragEnabled
      ? {
          'data-row-id': row.id,
          draggable: true,
          onDragStart: (e: DragEvent) => {
            e.dataTransfer.setData(DRAG_TYPE, String(row.id));
            setDragging(row.id);
          },
          onDragEnd: () => setDragging(null),
          onDragOver: (e: DragEvent) => e.preventDefault(),
          onDrop: (e: DragEvent) => {
            e.preventDefault();
            const id = Number(e.dataTransfer.getData(DRAG_TYPE));
            setDragging(null);
            if (id && id !== row.id) void crudApi.sortable(controller, id, row.id).then(reload, () => undefined);
          },
          className: dragging === row.id ? 'opacity-40' : undefined,
        }
      : { 'data-row-id': row.id };

  const formFields = fields.filter((f) => f.form !== false && f.form !== undefined && !(editing !== 'new' && f.form.addOnly));
  const settings = (
    <div className="flex min-w-56 flex-col gap-1" data-testid="column-settings">
      {prefs.order.map((name, index) => {
        const field = columnFields.find((f) => f.name === name)!;
        const move = (delta: number) => {
          const next = [...prefs.order];
          next.splice(index, 1);
          next.splice(index + delta, 0, name);
          setPrefs({ ...prefs, order: next });
        };
        return (
          <div key={name} className="flex items-center justify-between gap-2">
            <Checkbox
              checked={!prefs.hidden.includes(name)}
              data-testid={`column-toggle-${name}`}
              onChange={(e) => setPrefs({ ...prefs, hidden: e.target.checked ? prefs.hidden.filter((h) => h !== name) : [...prefs.hidden, name] })}
            >
              {label(field)}
            </Checkbox>
            <Space size={0}>
              <Button size="small" type="text" disabled={index === 0} onClick={() => move(-1)} aria-label={t('crud.moveUp')}>
                ↑
              </Button>
              <Button size="small" type="text" disabled={index === prefs.order.length - 1} onClick={() => move(1)} aria-label={t('crud.moveDown')} data-testid={`column-down-${name}`}>
                ↓
              </Button>
            </Space>
          </div>
        );
      })}
      <Button size="small" type="link" onClick={resetPrefs} className="self-start px-0">
        {t('crud.resetColumns')}
      </Button>
    </div>
  );

  return (
    <div className="flex flex-col gap-3" data-testid={`crud-${controller}`}>
      <div className="flex flex-wrap items-center gap-2">
        <Button icon={<ReloadOutlined />} onClick={reload} aria-label={t('crud.refresh')} />
        {offered.includes('add') && can.add && (
          <Button type="primary" icon={<PlusOutlined />} onClick={openAdd} data-testid="crud-add">
            {t('crud.add')}
          </Button>
        )}
        {offered.includes('del') && can.del && (
          <Popconfirm title={t('crud.confirmDelete', { count: selected.length })} disabled={!selected.length} onConfirm={() => remove(selected.map((r) => r.id))} okText={t('crud.delete')} cancelText={t('crud.cancel')}>
            <Button danger icon={<DeleteOutlined />} disabled={!selected.length} data-testid="crud-bulk-delete">
              {t('crud.delete')}
            </Button>
          </Popconfirm>
        )}
        {props.toolbar?.(selected, reload)}
        <div className="flex w-full flex-wrap items-center gap-2 sm:ms-auto sm:w-auto [&>*:first-child]:flex-1 sm:[&>*:first-child]:flex-none">
          <Input.Search
            allowClear
            placeholder={t('crud.quickSearch')}
            onSearch={(v) => (setQuickSearch(v.trim()), setPage(1))}
            className="w-full sm:!w-56"
            data-testid="crud-quick-search"
          />
          {columnFields.some((f) => f.column && f.column.filter) && (
            <Button icon={<FilterOutlined />} type={showFilters || search.length ? 'primary' : 'default'} ghost={search.length > 0 && !showFilters} onClick={() => setShowFilters((s) => !s)} aria-label={t('crud.filters')} data-testid="crud-filters-toggle" />
          )}
          {offered.includes('export') && (
            <Dropdown
              menu={{
                items: [
                  { key: 'csv', label: t('crud.exportCsv'), onClick: () => void runExport('csv') },
                  { key: 'xlsx', label: t('crud.exportExcel'), onClick: () => void runExport('xlsx') },
                ],
              }}
            >
              <Button icon={<DownloadOutlined />} loading={exporting} aria-label={t('crud.export')} data-testid="crud-export" />
            </Dropdown>
          )}
          <Popover content={settings} trigger="click" placement="bottomRight" title={t('crud.columns')}>
            <Button icon={<SettingOutlined />} aria-label={t('crud.columns')} data-testid="crud-columns" />
          </Popover>
        </div>
      </div>

      {showFilters && (
        <Form form={filterForm} layout="inline" className="gap-y-2 rounded-lg border border-dashed border-neutral-300 p-3 dark:border-neutral-700" data-testid="crud-filter-form" onFinish={(v) => (setFilters(v), setPage(1))}>
          {columnFields
            .filter((f) => f.column && f.column.filter)
            .map((f) => (
              <Form.Item key={f.name} label={label(f)}>
                <FilterInput field={f} />
              </Form.Item>
            ))}
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" data-testid="crud-filter-apply">
                {t('crud.apply')}
              </Button>
              <Button onClick={() => (filterForm.resetFields(), setFilters({}), setPage(1))} data-testid="crud-filter-reset">{t('crud.reset')}</Button>
            </Space>
          </Form.Item>
        </Form>
      )}

      <Table<Row>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={query.isFetching}
        onChange={onChange as never}
        onRow={rowProps as never}
        scroll={{ x: 'max-content' }}
        expandable={
          tree
            ? {
                // The tree's indent and toggle sit in the first data column after the id. rc-table
                // counts the selection column and antd takes one off when there is one: add it twice.
                expandIconColumnIndex: Math.max(0, columns.findIndex((c) => c.key !== '__drag' && c.key !== 'id')) + (selectable ? 2 : 0),
                expandedRowKeys: parentKeys(rows).filter((id) => !collapsed.has(id)),
                onExpand: (expanded, row) =>
                  setCollapsed((c) => {
                    const next = new Set(c);
                    if (expanded) next.delete(row.id);
                    else next.add(row.id);
                    return next;
                  }),
              }
            : undefined
        }
        rowSelection={selectable ? { selectedRowKeys: selected.map((r) => r.id), onChange: (_k, r) => setSelected(r), checkStrictly: true } : undefined}
        pagination={tree && !quickSearch && !search.length ? false : { current: page, pageSize: limit, total: query.data?.total ?? 0, showSizeChanger: true, showTotal: (total) => t('crud.total', { total }) }}
      />

      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('crud.add') : t('crud.edit')}
        onCancel={() => setEditing(null)}
        onOk={() => void save()}
        confirmLoading={saving}
        okText={t('crud.save')}
        cancelText={t('crud.cancel')}
        destroyOnHidden
        width={560}
        okButtonProps={{ 'data-testid': 'crud-save' } as never}
      >
        <Form form={form} layout="vertical" className="pt-2" data-testid="crud-form">
          {formFields.map((f) => (
            <Form.Item
              key={f.name}
              name={f.name}
              label={label(f)}
              help={f.form && f.form.help ? t(f.form.help) : undefined}
              rules={f.form && f.form.required ? [{ required: true, message: t('crud.required') }] : undefined}
            >
              <FieldInput field={f} />
            </Form.Item>
          ))}
        </Form>
      </Modal>
    </div>
  );
}
