import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { admin, user } from '../../db/schema.ts';

export type SessionContext = 'admin' | 'user';
export type MemberRow = typeof user.$inferSelect;
export type AdminRow = typeof admin.$inferSelect;

/** An enabled member by id; disabled or missing accounts are treated as unknown. */
export async function findEnabledMember(db: Db, id: number): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(user).where(and(eq(user.id, id), eq(user.status, 'enable'))).limit(1);
  return row;
}

/** An enabled admin by id; disabled or missing accounts are treated as unknown. */
export async function findEnabledAdmin(db: Db, id: number): Promise<AdminRow | undefined> {
  const [row] = await db.select().from(admin).where(and(eq(admin.id, id), eq(admin.status, 'enable'))).limit(1);
  return row;
}

export async function isEnabledAccount(db: Db, context: SessionContext, id: number): Promise<boolean> {
  return Boolean(context === 'admin' ? await findEnabledAdmin(db, id) : await findEnabledMember(db, id));
}
