import { DatePicker, Input, InputNumber, Select, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../../components/upload/index.ts';
import { isOn } from './cell-text.ts';
import { RemoteSelect } from './remote-select.tsx';
import type { CrudField } from './types.ts';

// The Tiptap editor loads only with a form that has rich text.
const RichTextEditor = lazy(() => import('../config/rich-text-editor.tsx'));

/** The input of a field in the add/edit dialog, from its type. */
export function FieldInput({ field, value, onChange }: { field: CrudField; value?: unknown; onChange?: (v: unknown) => void }) {
  const { t } = useTranslation('admin');
  if (field.input) return <>{field.input({ value, onChange })}</>;
  const testId = `field-${field.name}`;
  const text = { value: typeof value === 'string' ? value : value === null || value === undefined ? undefined : String(value), 'data-testid': testId };
  switch (field.type) {
    case 'textarea':
      return <Input.TextArea {...text} onChange={(e) => onChange?.(e.target.value)} rows={3} />;
    case 'number':
      return <InputNumber value={value as number | undefined} onChange={(v) => onChange?.(v)} data-testid={testId} className="w-full" style={{ width: '100%' }} />;
    case 'money':
      // Yuan as text with two decimals; the dialog turns it into cents with parseMoney.
      return <InputNumber<string> stringMode value={value as string | undefined} onChange={(v) => onChange?.(v)} precision={2} min="0" prefix="¥" data-testid={testId} style={{ width: '100%' }} />;
    case 'password':
      return <Input.Password {...text} onChange={(e) => onChange?.(e.target.value)} autoComplete="new-password" />;
    case 'switch':
      return <Switch checked={isOn(value)} onChange={(c) => onChange?.(typeof value === 'string' ? (c ? 'enable' : 'disable') : c ? 1 : 0)} data-testid={testId} />;
    case 'select':
      return <Select value={value} onChange={(v) => onChange?.(v)} data-testid={testId} options={field.options?.map((o) => ({ value: o.value, label: t(o.label) }))} />;
    case 'remoteSelect':
      return <RemoteSelect source={field.remote!} value={value} onChange={onChange} testId={testId} />;
    case 'datetime':
      return <DatePicker showTime value={value as Dayjs | undefined} onChange={(v) => onChange?.(v)} data-testid={testId} />;
    case 'image':
      return (
        <Suspense fallback={null}>
          <ImageUpload context="admin" topic="shop" value={typeof value === 'string' ? value : ''} onChange={(url) => onChange?.(url)} crop={{ aspect: 1, maxEdge: 1024 }} />
        </Suspense>
      );
    case 'richText':
      return (
        <Suspense fallback={<div className="h-48 rounded border border-neutral-200 dark:border-neutral-700" />}>
          <RichTextEditor value={typeof value === 'string' ? value : ''} onChange={(html) => onChange?.(html)} testId={testId} />
        </Suspense>
      );
    default:
      return <Input {...text} onChange={(e) => onChange?.(e.target.value)} type={field.type === 'email' ? 'email' : 'text'} allowClear />;
  }
}
