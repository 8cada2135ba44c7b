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
