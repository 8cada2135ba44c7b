import {
  COMPONENT_DB_TYPES,
  GEN_COMPONENTS,
  GEN_OPERATORS,
  GEN_RULES,
  type GenDesign,
  type GenField,
} from '@framecraft/contracts/crud/generator';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Form, Input, InputNumber, Popconfirm, Radio, Select, Space, Switch, Table, Tag, Tooltip } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconPicker } from '../../../../components/iconify/icon-picker.tsx';
import { isRequestError } from '../../../../lib/request/errors.ts';
import { request } from '../../../../lib/request/index.ts';
import { crudApi } from '../../api/crud.ts';
import { useAdminMenus, type AdminMenu } from '../../shell/menus-store.ts';
import { PageCard } from '../page-card.tsx';

interface LogRow {
  id: number;
  table: string;
  title: string;
  source: 'new' | 'existing';
  fields: number;
  migration: string;
  created_table: number;
  table_exists: boolean;
  files: string[];
  served: boolean;
  update_time: number;
}
interface TableInfo {
  table: string;
  comment: string;
}
interface FieldInfo {
  name: string;
  dataType: string;
  type: string;
  length: number | null;
  default: string | null;
  nullable: boolean;
  comment: string;
  primaryKey: boolean;
}

const newField = (n: number): GenField => ({
  name: `field_${n}`,
  label: '',
  comment: '',
  dbType: 'varchar',
  length: 255,
  default: '',
  nullable: false,
  component: 'text',
  options: [],
  rules: [],
  list: { show: true, operator: 'none', sortable: false, quickSearch: false, width: 0 },
  relation: null,
});

const emptyDesign = (): GenDesign => ({ source: 'new', table: '', title: '', icon: '', createTime: true, fields: [newField(1)] });

/** An existing column → a designer field (the component from its type). */
function fieldFromColumn(c: FieldInfo): GenField {
  const dbType = (['integer', 'bigint', 'smallint', 'numeric', 'varchar', 'text', 'timestamptz'] as const).find((t) => t === c.type) ?? 'text';
  const component: GenField['component'] = dbType === 'timestamptz' ? 'date' : dbType === 'text' ? 'textarea' : dbType === 'varchar' ? 'text' : 'number';
  const def = c.default && /^'(.*)'::/.exec(c.default)?.[1];
  return { ...newField(0), name: c.name, label: c.comment || c.name, comment: c.comment, dbType, length: c.length ?? 255, nullable: c.nullable, component, default: def ?? (c.default && /^-?\d+$/.test(c.default) ? c.default : '') };
}

async function reloadMenus() {
  const init = await crudApi.get<{ menus: AdminMenu[]; adminInfo: { super?: boolean | number } }>('index/index');
  useAdminMenus.getState().setMenus(init.menus, Boolean(init.adminInfo.super));
}

/** crud/generator — the CRUD code generator's log and designer (decision 045). Super admins only. */
export default function GeneratorPage() {
  const { t } = useTranslation('admin');
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  const [editing, setEditing] = useState<{ design: GenDesign; reopened: boolean } | null>(null);
  const log = useQuery({ queryKey: ['generator-log'], queryFn: () => crudApi.get<{ list: LogRow[]; system_tables: string[] }>('crud/generator/index') });
  const tables = useQuery({ queryKey: ['generator-tables'], queryFn: () => crudApi.get<{ list: TableInfo[] }>('ajax/getTableList').then((d) => d.list) });

  const reopen = async (id: number) => {
    const { design } = await crudApi.get<{ design: GenDesign }>('crud/generator/design', { id });
    setEditing({ design, reopened: true });
  };

  const remove = (row: LogRow) => {
    let drop = false;
    modal.confirm({
      title: t('generator.deleteTitle', { table: row.table }),
      content: (
        <div className="space-y-2">
          <p>{t('generator.deleteText')}</p>
          {row.created_table === 1 && row.table_exists && (
            <Checkbox data-testid="gen-drop-table" onChange={(e) => (drop = e.target.checked)}>
              {t('generator.dropTable')}
            </Checkbox>
          )}
        </div>
      ),
      okButtonProps: { danger: true, 'data-testid': 'gen-delete-ok' } as never,
      okText: t('generator.delete'),
      onOk: async () => {
        const go = async () => {
          await request({ url: '/admin/crud/generator/del', method: 'DELETE', params: { id: row.id, dropTable: drop ? 1 : 0 }, context: 'admin', showSuccessMessage: true });
          await client.invalidateQueries({ queryKey: ['generator-log'] });
          await client.invalidateQueries({ queryKey: ['generator-tables'] });
          await reloadMenus();
        };
        if (!drop) return go();
        // Dropping the table loses its rows: a second, explicit confirmation.
        return new Promise<void>((resolve, reject) => {
          modal.confirm({
            title: t('generator.dropConfirmTitle', { table: row.table }),
            content: t('generator.dropConfirmText'),
            okButtonProps: { danger: true, 'data-testid': 'gen-drop-ok' } as never,
            okText: t('generator.dropTable'),
            onOk: () => go().then(resolve, reject),
            onCancel: () => reject(new Error('cancelled')),
          });
        }).catch(() => undefined);
      },
    });
  };

  if (editing)
    return (
      <Designer
        key={editing.design.table || 'new'}
        initial={editing.design}
        reopened={editing.reopened}
        tables={tables.data ?? []}
        systemTables={log.data?.system_tables ?? []}
        onDone={async () => {
          setEditing(null);
          await client.invalidateQueries({ queryKey: ['generator-log'] });
          await client.invalidateQueries({ queryKey: ['generator-tables'] });
          await reloadMenus();
          void message.success(t('generator.doneHint'));
        }}
        onCancel={() => setEditing(null)}
      />
    );

  const existingChoices = (tables.data ?? []).filter((x) => !(log.data?.system_tables ?? []).includes(x.table) && !(log.data?.list ?? []).some((r) => r.table === x.table));
  return (
    <PageCard
      title={t('menu.crud_generator')}
      extra={
        <Space wrap>
          <Select
            data-testid="gen-existing"
            className="min-w-48"
            placeholder={t('generator.fromExisting')}
            options={existingChoices.map((x) => ({ value: x.table, label: x.comment ? `${x.table} (${x.comment})` : x.table }))}
            onChange={async (table: string) => {
              const { fieldList } = await crudApi.get<{ fieldList: Record<string, FieldInfo> }>('ajax/getTableFieldList', { table, clean: 0 });
              const columns = Object.values(fieldList);
              const info = (tables.data ?? []).find((x) => x.table === table);
              setEditing({
                reopened: false,
                design: { source: 'existing', table, title: info?.comment || table, icon: '', createTime: columns.some((c) => c.name === 'create_time'), fields: columns.filter((c) => c.name !== 'id' && c.name !== 'create_time').map(fieldFromColumn) },
              });
            }}
          />
          <Button type="primary" data-testid="gen-new" onClick={() => setEditing({ design: emptyDesign(), reopened: false })}>
            {t('generator.newTable')}
          </Button>
        </Space>
      }
    >
      <Table<LogRow>
        rowKey="id"
        size="middle"
        loading={log.isPending}
        dataSource={log.data?.list ?? []}
        scroll={{ x: 760 }}
        pagination={false}
        columns={[
          { title: t('generator.table'), dataIndex: 'table', render: (v: string) => <code>{v}</code> },
          { title: t('generator.title'), dataIndex: 'title' },
          { title: t('generator.source'), dataIndex: 'source', render: (v: string) => <Tag>{t(`generator.sources.${v}`)}</Tag> },
          { title: t('generator.fieldCount'), dataIndex: 'fields', width: 90 },
          { title: t('generator.migration'), dataIndex: 'migration', render: (v: string) => (v ? <code className="text-xs">{v}</code> : '—') },
          {
            title: t('generator.state'),
            render: (_, row) => (
              <Tooltip title={row.files.join('\n')}>
                <Tag color={row.served ? 'green' : 'blue'}>{row.served ? t('generator.served') : t('generator.built')}</Tag>
              </Tooltip>
            ),
          },
          {
            title: t('generator.actions'),
            width: 170,
            render: (_, row) => (
              <Space>
                <Button size="small" data-testid={`gen-open-${row.table}`} onClick={() => void reopen(row.id)}>
                  {t('generator.open')}
                </Button>
                <Button size="small" danger data-testid={`gen-del-${row.table}`} onClick={() => remove(row)}>
                  {t('generator.delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </PageCard>
  );
}

/** antd form paths of the server's field errors (`fields.2.name` → ['fields', 2, 'name']). */
const formPath = (path: string) => path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));

function Designer({ initial, reopened, tables, systemTables, onDone, onCancel }: { initial: GenDesign; reopened: boolean; tables: TableInfo[]; systemTables: string[]; onDone: () => Promise<void>; onCancel: () => void }) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<GenDesign>();
  const [busy, setBusy] = useState(false);
  const source = Form.useWatch('source', form) ?? initial.source;

  const checkName = async () => {
    const table = form.getFieldValue('table') as string;
    if (!table || reopened) return;
    try {
      await request({ url: '/admin/crud/generator/check', method: 'POST', data: { table, source }, context: 'admin', showCodeMessage: false });
    } catch (err) {
      const errors = isRequestError(err) ? (err.envelope?.data as { errors?: Record<string, string> } | undefined)?.errors : undefined;
      if (errors?.table) form.setFields([{ name: 'table', errors: [errors.table] }]);
    }
  };

  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await request({ url: '/admin/crud/generator/generate', method: 'POST', data: { ...values, source: initial.source, createTime: initial.createTime }, context: 'admin', showSuccessMessage: true, showCodeMessage: false });
      await onDone();
    } catch (err) {
      const errors = isRequestError(err) ? (err.envelope?.data as { errors?: Record<string, string> } | undefined)?.errors : undefined;
      if (errors) form.setFields(Object.entries(errors).map(([path, msg]) => ({ name: formPath(path) as never, errors: [msg] })));
      else if (isRequestError(err)) form.setFields([{ name: 'table', errors: [err.message] }]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageCard
      title={reopened ? t('generator.editing', { table: initial.table }) : t('generator.designer')}
      extra={
        <Space>
          <Button onClick={onCancel} data-testid="gen-back">{t('generator.back')}</Button>
          <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="gen-generate">
            {t('generator.generate')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" initialValues={initial} requiredMark={false}>
        <div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-4">
          <Form.Item name="source" label={t('generator.source')}>
            <Radio.Group disabled>
              <Radio value="new">{t('generator.sources.new')}</Radio>
              <Radio value="existing">{t('generator.sources.existing')}</Radio>
            </Radio.Group>
          </Form.Item>
          <Form.Item name="table" label={t('generator.table')} rules={[{ required: true, message: t('generator.required') }]} extra={t('generator.tableHelp')}>
            <Input data-testid="gen-table" disabled={reopened || source === 'existing'} onBlur={() => void checkName()} autoComplete="off" />
          </Form.Item>
          <Form.Item name="title" label={t('generator.title')} rules={[{ required: true, message: t('generator.required') }]}>
            <Input data-testid="gen-title" maxLength={50} />
          </Form.Item>
          <Form.Item name="icon" label={t('generator.icon')} extra={t('generator.iconHelp')}>
            <IconPicker />
          </Form.Item>
        </div>
        <Form.List name="fields">
          {(items, { add, remove, move }) => (
            <div className="space-y-3">
              {items.map((item, index) => (
                <FieldCard
                  key={item.key}
                  index={index}
                  name={item.name}
                  count={items.length}
                  onRemove={() => remove(item.name)}
                  onMove={(to) => move(index, to)}
                  tables={tables.filter((x) => !systemTables.includes(x.table) || ['user', 'admin', 'type', 'course'].includes(x.table))}
                  locked={reopened && initial.source === 'new' && index < initial.fields.length}
                  existing={initial.source === 'existing'}
                />
              ))}
              {initial.source === 'new' && (
                <Button block type="dashed" data-testid="gen-add-field" onClick={() => add(newField(items.length + 1))}>
                  {t('generator.addField')}
                </Button>
              )}
            </div>
          )}
        </Form.List>
      </Form>
    </PageCard>
  );
}

function FieldCard({ index, name, count, onRemove, onMove, tables, locked, existing }: { index: number; name: number; count: number; onRemove: () => void; onMove: (to: number) => void; tables: TableInfo[]; locked: boolean; existing: boolean }) {
  const { t } = useTranslation('admin');
  const form = Form.useFormInstance<GenDesign>();
  const component = (Form.useWatch(['fields', name, 'component'], form) ?? 'text') as GenField['component'];
  const dbType = Form.useWatch(['fields', name, 'dbType'], form) as GenField['dbType'] | undefined;
  const relationTable = Form.useWatch(['fields', name, 'relation', 'table'], form) as string | undefined;
  const relationFields = useQuery({
    queryKey: ['generator-fields', relationTable],
    queryFn: () => crudApi.get<{ fieldList: Record<string, string> }>('ajax/getTableFieldList', { table: relationTable, clean: 1 }).then((d) => Object.keys(d.fieldList)),
    enabled: Boolean(relationTable),
  });
  const dbTypes = COMPONENT_DB_TYPES[component];
  // Changing the component picks its first column type when the current one does not fit.
  useEffect(() => {
    if (!locked && !existing && dbType && !dbTypes.includes(dbType)) form.setFieldValue(['fields', name, 'dbType'], dbTypes[0]);
    if (component === 'remoteSelect' && !form.getFieldValue(['fields', name, 'relation'])) form.setFieldValue(['fields', name, 'relation'], { table: '', labelField: '', controller: '', filter: false });
  }, [component, dbType, dbTypes, existing, form, locked, name]);
  const columnLocked = locked || existing;
  const options = useMemo(() => GEN_COMPONENTS.map((c) => ({ value: c, label: t(`generator.components.${c}`) })), [t]);
  const p = (...rest: (string | number)[]) => [name, ...rest];
  return (
    <Card size="small" data-testid={`gen-field-${index}`} title={<span className="font-mono text-sm">#{index + 1}</span>} extra={
      <Space size={4}>
        <Button size="small" disabled={index === 0} onClick={() => onMove(index - 1)}>↑</Button>
        <Button size="small" disabled={index === count - 1} onClick={() => onMove(index + 1)}>↓</Button>
        <Popconfirm title={t('generator.removeField')} onConfirm={onRemove} disabled={columnLocked}>
          <Button size="small" danger disabled={columnLocked}>{t('generator.remove')}</Button>
        </Popconfirm>
      </Space>
    }>
      <div className="grid gap-x-3 sm:grid-cols-2 lg:grid-cols-6">
        <Form.Item name={p('name')} label={t('generator.fieldName')} rules={[{ required: true, message: t('generator.required') }]}>
          <Input data-testid={`gen-f${index}-name`} disabled={columnLocked} autoComplete="off" />
        </Form.Item>
        <Form.Item name={p('label')} label={t('generator.label')} rules={[{ required: true, message: t('generator.required') }]}>
          <Input data-testid={`gen-f${index}-label`} maxLength={50} />
        </Form.Item>
        <Form.Item name={p('component')} label={t('generator.component')}>
          <Select data-testid={`gen-f${index}-component`} options={options} showSearch optionFilterProp="label" />
        </Form.Item>
        <Form.Item name={p('dbType')} label={t('generator.dbType')}>
          <Select data-testid={`gen-f${index}-dbType`} disabled={columnLocked} options={dbTypes.map((d) => ({ value: d, label: d }))} />
        </Form.Item>
        <Form.Item name={p('length')} label={t('generator.length')} hidden={dbType !== 'varchar'}>
          <InputNumber min={1} max={10000} disabled={columnLocked} className="w-full" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name={p('default')} label={t('generator.default')} extra={dbType === 'timestamptz' ? t('generator.defaultNow') : undefined}>
          <Input data-testid={`gen-f${index}-default`} disabled={columnLocked} maxLength={200} />
        </Form.Item>
        <Form.Item name={p('comment')} label={t('generator.comment')} className="lg:col-span-2">
          <Input data-testid={`gen-f${index}-comment`} maxLength={200} disabled={columnLocked} />
        </Form.Item>
        <Form.Item name={p('nullable')} label={t('generator.nullable')} valuePropName="checked">
          <Switch data-testid={`gen-f${index}-nullable`} disabled={columnLocked} />
        </Form.Item>
        <Form.Item name={p('rules')} label={t('generator.rules')} className="lg:col-span-3">
          <Select data-testid={`gen-f${index}-rules`} mode="multiple" allowClear options={GEN_RULES.map((r) => ({ value: r, label: t(`generator.ruleNames.${r}`) }))} />
        </Form.Item>
        {(component === 'select' || component === 'radio') && (
          <Form.Item name={p('options')} label={t('generator.options')} className="lg:col-span-3" extra={t('generator.optionsHelp')}>
            <Select data-testid={`gen-f${index}-options`} mode="tags" tokenSeparators={[',', ' ']} open={false} />
          </Form.Item>
        )}
        {component === 'remoteSelect' && (
          <>
            <Form.Item name={p('relation', 'table')} label={t('generator.relationTable')}>
              <Select data-testid={`gen-f${index}-relTable`} showSearch options={tables.map((x) => ({ value: x.table, label: x.table }))} />
            </Form.Item>
            <Form.Item name={p('relation', 'labelField')} label={t('generator.relationLabel')}>
              <Select data-testid={`gen-f${index}-relLabel`} options={(relationFields.data ?? []).map((f) => ({ value: f, label: f }))} />
            </Form.Item>
            <Form.Item name={p('relation', 'controller')} label={t('generator.relationController')} extra={t('generator.relationControllerHelp')}>
              <Input data-testid={`gen-f${index}-relController`} />
            </Form.Item>
            <Form.Item name={p('relation', 'filter')} label={t('generator.relationFilter')} valuePropName="checked">
              <Switch data-testid={`gen-f${index}-relFilter`} />
            </Form.Item>
          </>
        )}
      </div>
      <div className="grid gap-x-3 border-t border-current/10 pt-3 sm:grid-cols-3 lg:grid-cols-6">
        <Form.Item name={p('list', 'show')} label={t('generator.listShow')} valuePropName="checked">
          <Switch data-testid={`gen-f${index}-show`} />
        </Form.Item>
        <Form.Item name={p('list', 'operator')} label={t('generator.operator')}>
          <Select data-testid={`gen-f${index}-operator`} options={GEN_OPERATORS.map((o) => ({ value: o, label: t(`generator.operators.${o}`) }))} />
        </Form.Item>
        <Form.Item name={p('list', 'sortable')} label={t('generator.sortable')} valuePropName="checked">
          <Switch data-testid={`gen-f${index}-sortable`} />
        </Form.Item>
        <Form.Item name={p('list', 'quickSearch')} label={t('generator.quickSearch')} valuePropName="checked">
          <Switch data-testid={`gen-f${index}-quickSearch`} disabled={!['varchar', 'text'].includes(dbType ?? '')} />
        </Form.Item>
        <Form.Item name={p('list', 'width')} label={t('generator.width')}>
          <InputNumber min={0} max={1000} className="w-full" style={{ width: '100%' }} />
        </Form.Item>
      </div>
    </Card>
  );
}
