import { Select, TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { crudApi } from '../api/crud.ts';
import { seededName } from './seeded-names.ts';
import type { RemoteSource, Row } from './types.ts';

type Value = string | number;
type Chosen = Value | Value[] | undefined;

interface TreeOption {
  value: Value;
  title: string;
  children?: TreeOption[];
}

function toTree(rows: Row[], source: RemoteSource, t: (key: string) => string): TreeOption[] {
  return rows.map((r) => ({
    value: r[source.valueField ?? 'id'] as Value,
    title: seededName(t, String(r[source.labelField] ?? '')),
    children: Array.isArray(r.children) ? toTree(r.children as Row[], source, t) : undefined,
  }));
}

/**
 * Select whose options are another controller's rows (`select=true` lookups, spec §7): searched on
 * the server as you type; chosen values are preloaded with `initKey`/`initValue`.
 */
export function RemoteSelect({ source, value, onChange, testId }: { source: RemoteSource; value?: unknown; onChange?: (v: unknown) => void; testId?: string }) {
  const { t } = useTranslation('admin');
  const [keyword, setKeyword] = useState('');
  const valueField = source.valueField ?? 'id';
  const root = source.root ? [{ value: source.root.value, label: t(source.root.label), title: t(source.root.label) }] : [];

  const tree = useQuery({
    queryKey: ['crud-tree', source.controller],
    queryFn: ({ signal }) => crudApi.index(source.controller, {}, signal),
    enabled: Boolean(source.tree),
  });
  const search = useQuery({
    queryKey: ['crud-select', source.controller, keyword],
    queryFn: ({ signal }) => crudApi.index(source.controller, { select: true, quickSearch: keyword, limit: 20 }, signal),
    enabled: !source.tree,
  });
  const chosen = (Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value]).map(String);
  const preload = useQuery({
    queryKey: ['crud-init', source.controller, chosen.join(',')],
    queryFn: ({ signal }) => crudApi.index(source.controller, { select: true, initKey: valueField, initValue: chosen.join(','), limit: 100 }, signal),
    enabled: !source.tree && chosen.length > 0,
  });

  if (source.tree) {
    return (
      <TreeSelect
        data-testid={testId}
        value={value as Chosen}
        onChange={(v: Chosen) => onChange?.(v)}
        treeData={[...root, ...toTree(tree.data?.list ?? [], source, t)]}
        treeDefaultExpandAll
        showSearch
        treeNodeFilterProp="title"
        multiple={source.multiple}
        allowClear
        loading={tree.isLoading}
      />
    );
  }
  const rows = new Map<string, Row>();
  for (const r of [...(preload.data?.list ?? []), ...(search.data?.list ?? [])]) rows.set(String(r[valueField]), r);
  return (
    <Select
      data-testid={testId}
      value={value as Chosen}
      onChange={(v: Chosen) => onChange?.(v)}
      mode={source.multiple ? 'multiple' : undefined}
      showSearch
      filterOption={false}
      onSearch={setKeyword}
      allowClear
      loading={search.isFetching}
      options={[...root, ...[...rows.values()].map((r) => ({ value: r[valueField] as string, label: seededName(t, String(r[source.labelField] ?? r[valueField])) }))]}
    />
  );
}
