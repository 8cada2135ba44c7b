import { request } from '../../../lib/request/index.ts';
import type { Row } from '../crud/types.ts';

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

const url = (controller: string, action: string) => `/admin/${controller}/${action}`;

/** The generic CRUD calls of spec §7 on a controller URL. */
export const crudApi = {
  index: (controller: string, params: IndexParams, signal?: AbortSignal) =>
    request<{ list: Row[]; total: number; remark: string }>({ url: url(controller, 'index'), params: { ...params }, context: 'admin', signal, cancelDuplicate: false }).then((a) => a.data),
  row: (controller: string, id: number) => request<{ row: Row }>({ url: url(controller, 'edit'), params: { id }, context: 'admin' }).then((a) => a.data.row),
  add: (controller: string, data: Record<string, unknown>) => request({ url: url(controller, 'add'), method: 'POST', data, context: 'admin', showSuccessMessage: true }),
  edit: (controller: string, data: Record<string, unknown>) => request({ url: url(controller, 'edit'), method: 'POST', data, context: 'admin', showSuccessMessage: true }),
  del: (controller: string, ids: number[]) => request({ url: url(controller, 'del'), method: 'DELETE', params: { ids }, context: 'admin', showSuccessMessage: true }),
  sortable: (controller: string, id: number, targetId: number) =>
    request({ url: url(controller, 'sortable'), method: 'POST', data: { id, targetId }, context: 'admin', showSuccessMessage: true }),
  post: <T = unknown>(path: string, data: unknown, showSuccessMessage = true) =>
    request<T>({ url: `/admin/${path}`, method: 'POST', data, context: 'admin', showSuccessMessage }).then((a) => a.data),
  get: <T = unknown>(path: string, params?: Record<string, unknown>) => request<T>({ url: `/admin/${path}`, params, context: 'admin' }).then((a) => a.data),
};
