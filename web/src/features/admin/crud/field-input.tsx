import { DatePicker, Input, InputNumber, Select, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { CrudField } from './types.ts';
import { RemoteSelect } from './remote-select.tsx';

/** The input of a field in the add/edit dialog, from its type. */
export function FieldInput({ field, value, onChange }: { field: CrudField; value?: unknown; onChange?: (v: unknown) => void }) {
  const { t } = useTranslation('admin');
  if (field.input) return <>{field.input({ value, onChange })}</>;
  const common = { value: value as never, onChange: onChange as never, 'data-testid': `field-${field.name}` };
  switch (field.type) {
    case 'textarea':
      return <Input.TextArea {...common} rows={3} />;
    case 'number':
      return <InputNumber {...common} className="w-full" style={{ width: '100%' }} />;
    case 'password':
      return <Input.Password {...common} autoComplete="new-password" />;
    case 'switch':
      return <Switch checked={value === 1 || value === true || value === 'enable'} onChange={(c) => onChange?.(typeof value === 'string' ? (c ? 'enable' : 'disable') : c ? 1 : 0)} data-testid={`field-${field.name}`} />;
    case 'select':
      return <Select {...common} options={field.options?.map((o) => ({ value: o.value, label: t(o.label) }))} />;
    case 'remoteSelect':
      return <RemoteSelect source={field.remote!} value={value} onChange={onChange} testId={`field-${field.name}`} />;
    case 'datetime':
      return <DatePicker showTime {...common} value={value as Dayjs | undefined} />;
    default:
      return <Input {...common} type={field.type === 'email' ? 'email' : 'text'} allowClear />;
  }
}
