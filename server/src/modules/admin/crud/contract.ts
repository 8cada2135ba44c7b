import { filterNames, writeSchema, type CrudTableDef } from '@framecraft/contracts/crud/define';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { CrudAction, CrudDefinition, CrudRelation, Row } from './define.ts';
import type { z } from 'zod';

/** What the server adds to a contracts definition: the Drizzle tables and the hooks. */
export interface ContractOptions extends Pick<CrudDefinition, 'hooks' | 'guard' | 'dataScope' | 'hidden'> {
  table: PgTable;
  /** The Drizzle table of each relation field, by the relation's `as`. */
  relationTables?: Record<string, PgTable>;
  /** Replace the derived write schemas (e.g. a refinement across fields). */
  schemas?: CrudDefinition['schemas'];
}

/**
 * A v2 definition (packages/contracts/src/crud) → the factory's declaration: quick search, filters,
 * sorts, relations and the add/edit schema all come from the fields (decision 040).
 */
export function fromContract(contract: CrudTableDef, options: ContractOptions): CrudDefinition {
  const offered = contract.actions ?? ['index', 'add', 'edit', 'del', ...(contract.weigh ? (['sortable'] as const) : [])];
  const actions = offered.filter((a): a is CrudAction => a !== 'export');
  const relations: CrudRelation[] = contract.fields.flatMap((field) => {
    if (!field.relation) return [];
    const table = options.relationTables?.[field.relation.as];
    if (!table) throw new Error(`CRUD ${contract.controller}: no table for relation ${field.relation.as}`);
    const { as, labelField, fields, filter } = field.relation;
    return [{ as, localField: field.name, table, foreignField: 'id', fields: [...new Set([labelField, ...fields])], filter: filter ? [...filter] : undefined }];
  });
  const schema = writeSchema(contract) as unknown as z.ZodType<Row>;
  return {
    controller: contract.controller,
    table: options.table,
    quickSearch: contract.fields.filter((f) => f.search).map((f) => f.name),
    filterable: filterNames(contract),
    sortable: contract.fields.filter((f) => f.sort).map((f) => f.name),
    defaultOrder: contract.defaultOrder,
    weigh: contract.weigh,
    tree: contract.tree,
    relations,
    actions,
    schemas: options.schemas ?? { add: actions.includes('add') ? schema : undefined, edit: actions.includes('edit') ? schema : undefined },
    hooks: options.hooks,
    guard: options.guard,
    dataScope: options.dataScope,
    hidden: options.hidden,
    contract,
  };
}
