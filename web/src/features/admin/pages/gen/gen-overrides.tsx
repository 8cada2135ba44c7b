import type { CrudTableDef } from '@framecraft/contracts/crud/define';
import { Cascader, Radio } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileUpload } from '../../../../components/upload/index.ts';
import { crudApi } from '../../api/crud.ts';
import type { FieldOverrides } from '../../crud/from-contract.ts';

/** Form components of generated tables that the CRUD table has no input for (decision 045). */
export type GenInputKind = 'radio' | 'file' | 'city';

interface CityOption {
  value: string;
  label: string;
  code: number;
  isLeaf?: boolean;
  children?: CityOption[];
}

/** Province / city from `/admin/ajax/area`, stored as "province/city" names. */
function CityInput({ value, onChange, testId }: { value?: unknown; onChange?: (v: unknown) => void; testId: string }) {
  const { t } = useTranslation('admin');
  const [options, setOptions] = useState<CityOption[]>([]);
  useEffect(() => {
    void crudApi.get<{ value: number; label: string }[]>('ajax/area').then((rows) => setOptions(rows.map((r) => ({ value: r.label, label: r.label, code: r.value, isLeaf: false }))));
  }, []);
  const load = async (path: CityOption[]) => {
    const target = path[path.length - 1]!;
    const rows = await crudApi.get<{ value: number; label: string }[]>('ajax/area', { province: String(target.code) });
    target.children = rows.map((r) => ({ value: r.label, label: r.label, code: r.value, isLeaf: true }));
    setOptions((o) => [...o]);
  };
  const current = typeof value === 'string' && value ? value.split('/') : undefined;
  return (
    <Cascader
      data-testid={testId}
      options={options}
      loadData={(path) => void load(path as CityOption[])}
      value={current}
      changeOnSelect
      placeholder={t('generator.cityPlaceholder')}
      onChange={(v) => onChange?.(Array.isArray(v) ? v.join('/') : '')}
    />
  );
}

/**
 * Overrides for a generated definition: radio buttons, a file upload and the city cascader.
 * `plain` shows option values as they are (the runtime page has no language keys for them).
 */
export function genOverrides(definition: CrudTableDef, kinds: Record<string, GenInputKind>, plain = false): FieldOverrides {
  const overrides: FieldOverrides = {};
  for (const field of definition.fields) {
    const kind = kinds[field.name];
    const testId = `field-${field.name}`;
    if (plain && field.options) overrides[field.name] = { options: field.options.map((v) => ({ value: v, label: String(v), color: field.colors?.[String(v)] })) };
    if (kind === 'radio') {
      const options = field.options ?? [];
      overrides[field.name] = {
        ...overrides[field.name],
        input: ({ value, onChange }) => <RadioInput options={options} optionLabel={plain ? undefined : field.optionLabel} value={value} onChange={onChange} testId={testId} />,
      };
    } else if (kind === 'file') {
      overrides[field.name] = {
        input: ({ value, onChange }) => (
          <Suspense fallback={null}>
            <FileUpload context="admin" topic="generated" multiple={false} value={typeof value === 'string' && value ? [value] : []} onChange={(urls) => onChange?.(urls[0] ?? '')} />
          </Suspense>
        ),
      };
    } else if (kind === 'city') {
      overrides[field.name] = { input: ({ value, onChange }) => <CityInput value={value} onChange={onChange} testId={testId} /> };
    }
  }
  return overrides;
}

function RadioInput({ options, optionLabel, value, onChange, testId }: { options: readonly (string | number)[]; optionLabel?: string; value?: unknown; onChange?: (v: unknown) => void; testId: string }) {
  const { t } = useTranslation('admin');
  return (
    <Radio.Group data-testid={testId} value={value} onChange={(e) => onChange?.(e.target.value)}>
      {options.map((o) => (
        <Radio key={String(o)} value={o}>
          {optionLabel ? t(`${optionLabel}.${String(o)}`) : String(o)}
        </Radio>
      ))}
    </Radio.Group>
  );
}
