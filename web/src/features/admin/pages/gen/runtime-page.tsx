import { designToCrud, genDesignSchema, type GenDesign } from '@framecraft/contracts/crud/generator';
import { useQuery } from '@tanstack/react-query';
import { Alert, Spin } from 'antd';
import { useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { crudApi } from '../../api/crud.ts';
import { CrudTable } from '../../crud/crud-table.tsx';
import { AdminPagePath } from '../../shell/auth.tsx';
import { PageCard } from '../page-card.tsx';
import { genOverrides, type GenInputKind } from './gen-overrides.tsx';

/**
 * The page of a generated table until its emitted page is built in (decision 045): the rule's
 * component `gen/<table>` has no registry line yet, so the page area falls back to this one, which
 * reads the design from the generation log and renders `<CrudTable>` from its definition.
 */
export default function GenRuntimePage() {
  const { t } = useTranslation('admin');
  const path = useContext(AdminPagePath) ?? window.location.pathname;
  const table = /\/gen\/([a-z][a-z0-9_]*)/.exec(path)?.[1] ?? '';
  const query = useQuery({
    queryKey: ['generator-design', table],
    queryFn: () => crudApi.get<{ design: GenDesign }>('crud/generator/design', { table }),
    enabled: Boolean(table),
  });
  const built = useMemo(() => {
    const parsed = query.data ? genDesignSchema.safeParse(query.data.design) : undefined;
    if (!parsed?.success) return null;
    const definition = designToCrud(parsed.data);
    const kinds = Object.fromEntries(parsed.data.fields.filter((f) => f.component === 'radio' || f.component === 'file' || f.component === 'city').map((f) => [f.name, f.component as GenInputKind]));
    return { definition, overrides: genOverrides(definition, kinds, true), title: parsed.data.title };
  }, [query.data]);
  if (query.isPending) return <div className="grid place-items-center py-24"><Spin /></div>;
  if (!built) return <Alert type="error" message={t('generator.designMissing')} />;
  return (
    <PageCard>
      <CrudTable key={table} definition={built.definition} overrides={built.overrides} />
    </PageCard>
  );
}
