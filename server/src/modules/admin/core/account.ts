import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { admin } from '../tables.ts';

/** An admin row (table `admin`, owned by this module). */
export type AdminAccountRow = typeof admin.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in admin, set by session's requireAdmin (its type declared here, by the table's owner). */
    admin: AdminAccountRow | undefined;
  }
}

/** An enabled admin by id; disabled or missing accounts are treated as unknown (session's lookup, wired by app.ts). */
export async function findEnabledAdmin(db: Db, id: number): Promise<AdminAccountRow | undefined> {
  const [row] = await db.select().from(admin).where(and(eq(admin.id, id), eq(admin.status, 'enable'))).limit(1);
  return row;
}
