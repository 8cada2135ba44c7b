import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { SECRET_SETTING_NAMES } from '../../site-config/index.ts';
import { securityDataRecycle, securityDataRecycleLog, securitySensitiveData, securitySensitiveDataLog } from '../tables.ts';
import type { ResolvedCrud, Row } from './define.ts';

export const MASK = '******';
/** Fields whose values never appear in logs: password-like names and the settings declared secret. */
export const isSecretField = (name: string) => /pass(word)?|pwd|secret|token|salt/i.test(name) || SECRET_SETTING_NAMES.has(name);

const clientOf = (request: FastifyRequest) => ({
  ip: request.ip.slice(0, 50),
  useragent: String(request.headers['user-agent'] ?? '').slice(0, 255),
});

/** Copy rows about to be deleted to the recycle log, when the controller's recycle rule is on. */
export async function copyToRecycle(tx: Db, crud: ResolvedCrud, ids: unknown[], adminId: number, request: FastifyRequest) {
  const [rule] = await tx
    .select()
    .from(securityDataRecycle)
    .where(and(eq(securityDataRecycle.controller, crud.controller), eq(securityDataRecycle.status, 1)))
    .limit(1);
  if (!rule || ids.length === 0) return;
  const { ip, useragent } = clientOf(request);
  const table = sql.identifier(crud.tableName);
  const pk = sql.identifier(crud.pk);
  const idList = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  await tx.execute(sql`
    insert into ${securityDataRecycleLog} (admin_id, recycle_id, controller, data_table, primary_key, data, ip, useragent)
    select ${adminId}, ${rule.id}, ${crud.controller}, ${crud.tableName}, ${crud.pk}, to_jsonb(t), ${ip}, ${useragent}
    from ${table} t where t.${pk} in (${idList})`);
}

/** Text form of a column value for the sensitive-data log (dates as ISO, so they restore exactly). */
const asText = (value: unknown) => (value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** Log before/after of the controller's configured sensitive fields that an edit changed. */
export async function logSensitiveChanges(tx: Db, crud: ResolvedCrud, before: Row, after: Row, adminId: number, request: FastifyRequest) {
  const [rule] = await tx
    .select()
    .from(securitySensitiveData)
    .where(and(eq(securitySensitiveData.controller, crud.controller), eq(securitySensitiveData.status, 1)))
    .limit(1);
  if (!rule) return;
  const { ip, useragent } = clientOf(request);
  const rows = [];
  for (const [field, label] of Object.entries(rule.dataFields)) {
    const key = crud.keys.get(field);
    if (!key) continue;
    const [was, now] = [asText(before[key]), asText(after[key])];
    if (was === now) continue;
    const secret = isSecretField(field);
    rows.push({
      adminId,
      sensitiveDataId: rule.id,
      controller: crud.controller,
      dataTable: crud.tableName,
      primaryKey: crud.pk,
      dataField: field,
      dataComment: label,
      idValue: Number(after[crud.keys.get(crud.pk)!]),
      before: secret ? MASK : was,
      after: secret ? MASK : now,
      ip,
      useragent,
    });
  }
  if (rows.length) await tx.insert(securitySensitiveDataLog).values(rows);
}
