import { parseMoney } from '@framecraft/contracts/money';
import { Button, DatePicker, Form, Grid, Input, InputNumber, Select, Space, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SearchItem } from '../api/crud.ts';
import { RemoteSelect } from './remote-select.tsx';
import type { CrudField } from './types.ts';

export type FilterValues = Record<string, unknown>;

const cents = (value: unknown) => {
  if (value === null || value === undefined || value === '') return '';
  const parsed = parseMoney(String(value));
  return parsed.ok ? String(parsed.cents) : '';
};

/** Filter form values → `search[]` items of the conventions (money typed in yuan goes out in cents). */
export function toSearch(fields: CrudField[], values: FilterValues): SearchItem[] {
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
      case 'money': {
        const [from, to] = value as [string | null, string | null];
        items.push({ field: field.name, operator: 'RANGE', val: `${cents(from)},${cents(to)}` });
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

function FilterInput({ field }: { field: CrudField }) {
  const { t } = useTranslation('admin');
  switch (field.type) {
    case 'number':
    case 'money': {
      const money = field.type === 'money';
      return (
        <Space.Compact>
          <Form.Item name={[field.name, 0]} noStyle>
            <InputNumber placeholder={t('crud.from')} stringMode={money} precision={money ? 2 : undefined} prefix={money ? '¥' : undefined} />
          </Form.Item>
          <Form.Item name={[field.name, 1]} noStyle>
            <InputNumber placeholder={t('crud.to')} stringMode={money} precision={money ? 2 : undefined} prefix={money ? '¥' : undefined} />
          </Form.Item>
        </Space.Compact>
      );
    }
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

/** The filter panel: one input per filterable field, generated from its type. */
export function CrudFilters({ form, fields, label, onApply }: { form: FormInstance; fields: CrudField[]; label: (f: CrudField) => string; onApply: (values: FilterValues) => void }) {
  const { t } = useTranslation('admin');
  // One filter a row on a phone (sizes in styles/index.css, `.fc-crud-filters`).
  const narrow = Grid.useBreakpoint().sm === false;
  return (
    <Form
      form={form}
      layout={narrow ? 'vertical' : 'inline'}
      className="fc-crud-filters gap-y-2 rounded-lg border border-dashed border-neutral-300 !p-3 dark:border-neutral-700"
      data-testid="crud-filter-form"
      onFinish={onApply}
    >
      {fields.map((f) => (
        <Form.Item key={f.name} label={label(f)}>
          <FilterInput field={f} />
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="crud-filter-apply">
            {t('crud.apply')}
          </Button>
          <Button onClick={() => (form.resetFields(), onApply({}))} data-testid="crud-filter-reset">
            {t('crud.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
