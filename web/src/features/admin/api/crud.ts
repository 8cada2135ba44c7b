import type { CrudListAnswer, ExportStatus } from '@framecraft/contracts/admin';
import { HEADER } from '@framecraft/contracts/constants';
import { request } from '../../../lib/request/index.ts';
import { accessToken } from '../../../lib/request/session.ts';
import { rewriteAdminUrl } from '../../../lib/request/url.ts';
import { getLanguage } from '../../../stores/language.ts';
import type { ExportColumnSpec, Row } from '../crud/types.ts';

export interface SearchItem {
  field: string;
  val: string;
  operator: string;
  render?: string;
}

export interface IndexParams {
  page?: number;
  limit?: number;
  quickSearch?: string;
  search?: SearchItem[];
  order?: string;
  select?: boolean;
  initKey?: string;
  initValue?: string;
}

/** An export job's state (decision 040). */
export type { ExportStatus };

const url = (controller: string, action: string) => `/admin/${controller}/${action}`;

/** The generic CRUD calls of spec §7 on a controller URL; `R` is the table's row type (v2: `CrudRow<typeof definition>`). */
export const crudApi = {
  index: <R extends Row = Row>(controller: string, params: IndexParams, signal?: AbortSignal) =>
    request<CrudListAnswer<R>>({ url: url(controller, 'index'), params: { ...params }, context: 'admin', signal, cancelDuplicate: false }).then((a) => a.data),
  row: <R extends Row = Row>(controller: string, id: number) => request<{ row: R }>({ url: url(controller, 'edit'), params: { id }, context: 'admin' }).then((a) => a.data.row),
  add: (controller: string, data: Record<string, unknown>) => request({ url: url(controller, 'add'), method: 'POST', data, context: 'admin', showSuccessMessage: true }),
  edit: (controller: string, data: Record<string, unknown>) => request({ url: url(controller, 'edit'), method: 'POST', data, context: 'admin', showSuccessMessage: true }),
  del: (controller: string, ids: number[]) => request({ url: url(controller, 'del'), method: 'DELETE', params: { ids }, context: 'admin', showSuccessMessage: true }),
  sortable: (controller: string, id: number, targetId: number) =>
    request({ url: url(controller, 'sortable'), method: 'POST', data: { id, targetId }, context: 'admin', showSuccessMessage: true }),
  /** Queue a server-side export of the filtered list; answers the job's id. */
  startExport: (controller: string, body: IndexParams & { format: 'csv' | 'xlsx'; columns: ExportColumnSpec[]; tz_offset: number }) =>
    request<{ id: number }>({ url: url(controller, 'export'), method: 'POST', data: body, context: 'admin', showSuccessMessage: true }).then((a) => a.data),
  exportStatus: (id: number) => request<ExportStatus>({ url: '/admin/crud/export/status', params: { id }, context: 'admin' }).then((a) => a.data),
  /** The finished file: a plain fetch with the admin's token (the answer is the file, not an envelope). */
  exportFile: async (id: number): Promise<Blob> => {
    const response = await fetch(rewriteAdminUrl(`/admin/crud/export/file?id=${id}`), {
      headers: { server: 'true', [HEADER.adminToken]: accessToken('admin'), [HEADER.lang]: getLanguage() },
    });
    if (!response.ok || (response.headers.get('content-type') ?? '').includes('json')) throw new Error(`export ${id} not downloadable`);
    return response.blob();
  },
  post: <T = unknown>(path: string, data: unknown, showSuccessMessage = true) =>
    request<T>({ url: `/admin/${path}`, method: 'POST', data, context: 'admin', showSuccessMessage }).then((a) => a.data),
  get: <T = unknown>(path: string, params?: Record<string, unknown>) => request<T>({ url: `/admin/${path}`, params, context: 'admin' }).then((a) => a.data),
};
