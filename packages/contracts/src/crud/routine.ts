import { defineCrud, type CrudRow } from './define.ts';

/** routine/smsLog on CRUD v2: every SMS the shop sent, read only. */
export const SMS_LOG_STATUSES = ['logged', 'sent', 'failed'] as const;

export const smsLogCrud = defineCrud({
  controller: 'routine/smsLog',
  defaultOrder: 'create_time,desc',
  actions: ['index', 'export'],
  fields: [
    { name: 'id', type: 'id', filter: true, sort: true, list: { width: 80 }, form: false },
    { name: 'mobile', type: 'string', search: true, filter: true, list: { width: 140 }, form: false },
    { name: 'event', type: 'string', filter: true, list: { width: 150 }, form: false },
    { name: 'content', type: 'text', search: true, form: false },
    { name: 'provider', type: 'string', filter: true, list: { width: 100 }, form: false },
    { name: 'status', type: 'enum', options: SMS_LOG_STATUSES, optionLabel: 'smsStatus', colors: { logged: 'blue', sent: 'green', failed: 'red' }, filter: true, list: { width: 100 }, form: false },
    { name: 'error', type: 'string', label: 'fields.smsError', list: { hidden: true }, form: false },
    { name: 'create_time', type: 'datetime', filter: true, sort: true, list: { width: 170 }, form: false },
  ],
});
export type SmsLogRow = CrudRow<typeof smsLogCrud>;

/** routine/attachment: every stored upload (read only here; its delete is its own route, it removes the file too). */
export const attachmentCrud = defineCrud({
  controller: 'routine/attachment',
  defaultOrder: 'last_upload_time,desc',
  actions: ['index', 'export'],
  fields: [
    { name: 'id', type: 'id', filter: true, sort: true, list: { width: 80 }, form: false },
    { name: 'url', type: 'string', label: 'fields.preview', search: true, filter: true, list: { width: 90 }, form: false },
    { name: 'topic', type: 'string', filter: true, list: { width: 110 }, form: false },
    { name: 'name', type: 'string', search: true, filter: true, form: false },
    { name: 'mimetype', type: 'string', search: true, filter: true, list: { width: 140 }, form: false },
    { name: 'size', type: 'number', filter: true, sort: true, list: { width: 110 }, form: false },
    {
      name: 'admin_id',
      type: 'relation',
      label: 'fields.uploader',
      filter: true,
      relation: { as: 'admin', controller: 'auth/admin', labelField: 'username', fields: ['nickname'], filter: ['username'] },
      list: { width: 120 },
      form: false,
    },
    {
      name: 'user_id',
      type: 'relation',
      filter: true,
      relation: { as: 'user', controller: 'user/user', labelField: 'username', fields: ['nickname'], filter: ['username'] },
      list: { hidden: true },
      form: false,
    },
    { name: 'quote', type: 'number', filter: true, sort: true, list: { width: 90 }, form: false },
    { name: 'storage', type: 'string', filter: true, list: { width: 90 }, form: false },
    { name: 'last_upload_time', type: 'datetime', filter: true, sort: true, list: { width: 170 }, form: false },
    { name: 'create_time', type: 'datetime', filter: true, sort: true, list: { width: 170, hidden: true }, form: false },
  ],
});
export type AttachmentRow = CrudRow<typeof attachmentCrud>;

/** States of a background job (decision 020). */
export const BACKGROUND_JOB_STATES = ['queued', 'running', 'succeeded', 'failed'] as const;

/** routine/backgroundJob: the job runner's rows, read only (`retry` is its own route). */
export const backgroundJobCrud = defineCrud({
  controller: 'routine/backgroundJob',
  defaultOrder: 'id,desc',
  actions: ['index', 'export'],
  fields: [
    { name: 'id', type: 'id', filter: true, sort: true, list: { width: 80 }, form: false },
    { name: 'name', type: 'string', label: 'fields.jobName', search: true, filter: true, list: { width: 200 }, form: false },
    { name: 'state', type: 'enum', options: BACKGROUND_JOB_STATES, optionLabel: 'jobState', colors: { queued: 'blue', running: 'gold', succeeded: 'green', failed: 'red' }, filter: true, list: { width: 110 }, form: false },
    { name: 'attempts', type: 'number', filter: true, sort: true, list: { width: 100 }, form: false },
    { name: 'last_error', type: 'text', search: true, list: { width: 360 }, form: false },
    { name: 'unique_key', type: 'string', filter: true, list: { hidden: true }, form: false },
    { name: 'run_time', type: 'datetime', filter: true, sort: true, list: { width: 170 }, form: false },
    { name: 'finish_time', type: 'datetime', filter: true, sort: true, list: { width: 170, hidden: true }, form: false },
    { name: 'create_time', type: 'datetime', filter: true, sort: true, list: { width: 170, hidden: true }, form: false },
  ],
});
/** Rows also carry the job's payload and attempt limit (shown in the row's details and the attempts cell). */
export type BackgroundJobRow = CrudRow<typeof backgroundJobCrud> & { payload: unknown; max_attempts: number };
