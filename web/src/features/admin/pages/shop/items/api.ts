import type { EditorItem, EditorSaved } from '@framecraft/contracts/catalogue-admin';
import type { TypeNode } from '@framecraft/contracts/catalogue';
import { request } from '../../../../../lib/request/index.ts';
import { crudApi } from '../../../api/crud.ts';

/** The item editor's calls (decision 041). */
export const itemsApi = {
  load: (id: number) => crudApi.get<{ row: EditorItem }>('shop/course/edit', { id }).then((d) => d.row),
  add: (body: Record<string, unknown>) => crudApi.post<EditorSaved>('shop/course/add', body),
  edit: (body: Record<string, unknown>) => crudApi.post<EditorSaved>('shop/course/edit', body),
  /** The storefront's enabled types (the type tree), for the type picker. */
  types: async () => (await request<{ types: TypeNode[] }>({ url: '/api/catalogue/filters' })).data.types,
};
