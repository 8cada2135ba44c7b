import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema.ts';
import type { MemberRow } from '../session/index.ts';
import type { CodeChannel } from './service.ts';

/** The member holding an e-mail address (case-insensitive) or mobile number, if any. */
export async function memberByAddress(db: Db, channel: CodeChannel, target: string): Promise<MemberRow | undefined> {
  const where = channel === 'email' ? sql`lower(${user.email}) = ${target.toLowerCase()}` : eq(user.mobile, target);
  const [row] = await db.select().from(user).where(where).limit(1);
  return row;
}
