import { hash } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';
import type { Db } from '../src/db/client.ts';
import { admin, user } from '../src/db/schema.ts';

export const FIXTURE_PASSWORD = 'secret123';

const unique = () => randomBytes(4).toString('hex');

/** A member row inserted directly (no registration flow), password FIXTURE_PASSWORD unless given. */
export async function createMember(
  db: Db,
  values: Partial<typeof user.$inferInsert> & { password?: string } = {},
): Promise<typeof user.$inferSelect> {
  const suffix = unique();
  const [row] = await db
    .insert(user)
    .values({
      username: `member_${suffix}`,
      nickname: `Member ${suffix}`,
      inviteCode: suffix.toUpperCase(),
      ...values,
      password: await hash(values.password ?? FIXTURE_PASSWORD),
    })
    .returning();
  return row!;
}

/** An admin row inserted directly, password FIXTURE_PASSWORD unless given. */
export async function createAdmin(
  db: Db,
  values: Partial<typeof admin.$inferInsert> & { password?: string } = {},
): Promise<typeof admin.$inferSelect> {
  const suffix = unique();
  const [row] = await db
    .insert(admin)
    .values({ username: `admin_${suffix}`, nickname: `Admin ${suffix}`, ...values, password: await hash(values.password ?? FIXTURE_PASSWORD) })
    .returning();
  return row!;
}
