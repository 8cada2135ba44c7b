/**
 * The member row (table `user`, owned here) as other modules read and write it (decision 033,
 * follow-up 2): each query is the one its caller used to run on the table, moved here unchanged so
 * no module outside member-access names the table. Calls inside a transaction pass it as `db`.
 *
 * Balance and points (`money`, `score`) change only through the ledger (decision 019): the two
 * balance functions are there for the ledger's transaction and nothing else calls them.
 */
import type { LedgerAccount } from '@framecraft/contracts/ledger';
import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { user } from './tables.ts';

export type MemberRow = typeof user.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in member, set by session's requireUser / optionalUser (its type declared here, by the table's owner). */
    user: MemberRow | undefined;
  }
}
/** A new member's columns (values or SQL, as Drizzle's insert takes them). */
export type NewMember = PgInsertValue<typeof user>;

/** An enabled member by id; disabled or missing accounts are treated as unknown (session's lookup, wired by app.ts). */
export async function findEnabledMember(db: Db, id: number): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(user).where(and(eq(user.id, id), eq(user.status, 'enable'))).limit(1);
  return row;
}

/** The member matching a username (case-insensitive), e-mail (case-insensitive) or mobile. */
export async function findMemberByAccount(db: Db, account: string): Promise<MemberRow | undefined> {
  const lower = account.toLowerCase();
  const [row] = await db
    .select()
    .from(user)
    .where(or(sql`lower(${user.username}) = ${lower}`, sql`lower(${user.email}) = ${lower}`, eq(user.mobile, account)))
    .limit(1);
  return row;
}

/** The member holding an e-mail address (case-insensitive) or mobile number, if any. */
export async function findMemberByAddress(db: Db, channel: 'email' | 'mobile', target: string): Promise<MemberRow | undefined> {
  const where = channel === 'email' ? sql`lower(${user.email}) = ${target.toLowerCase()}` : eq(user.mobile, target);
  const [row] = await db.select().from(user).where(where).limit(1);
  return row;
}

/** The member's row, locked until the caller's transaction ends. */
export async function lockMember(tx: Db, id: number): Promise<MemberRow | undefined> {
  const [locked] = await tx.select().from(user).where(eq(user.id, id)).for('update');
  return locked;
}

/** Whether a member with this id exists (any status). */
export async function memberExists(db: Db, id: number): Promise<boolean> {
  const [member] = await db.select({ id: user.id }).from(user).where(eq(user.id, id));
  return Boolean(member);
}

/** Ids of every enabled member. */
export async function enabledMemberIds(db: Db): Promise<number[]> {
  return (await db.select({ id: user.id }).from(user).where(and(eq(user.status, 'enable')))).map((u) => u.id);
}

/** Who a back-office page shows as the member of a row: id, username, nickname. */
export async function memberSummary(db: Db, id: number): Promise<{ id: number; username: string; nickname: string } | undefined> {
  const [member] = await db.select({ id: user.id, username: user.username, nickname: user.nickname }).from(user).where(eq(user.id, id));
  return member;
}

/** The member's inviter id (null: none; undefined: no such member). */
export async function inviterOf(db: Db, id: number): Promise<number | null | undefined> {
  const [buyer] = await db.select({ inviterId: user.inviterId }).from(user).where(eq(user.id, id));
  return buyer?.inviterId;
}

/** Ids of every member the inviter brought in. */
export async function inviteeIds(db: Db, inviterId: number): Promise<number[]> {
  return (await db.select({ id: user.id }).from(user).where(eq(user.inviterId, inviterId))).map((i) => i.id);
}

/** One page of the members the inviter brought in, newest first, and their count. */
export async function inviteesPage(
  db: Db,
  inviterId: number,
  page: number,
  limit: number,
): Promise<{ rows: { id: number; username: string; joinTime: Date }[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    db
      .select({ id: user.id, username: user.username, joinTime: user.joinTime })
      .from(user)
      .where(eq(user.inviterId, inviterId))
      .orderBy(desc(user.joinTime), desc(user.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(user).where(eq(user.inviterId, inviterId)),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** The member holding an invite code (given upper-cased), if any. */
export async function memberIdByInviteCode(db: Db, inviteCode: string): Promise<number | undefined> {
  const [inviter] = await db.select({ id: user.id }).from(user).where(eq(user.inviteCode, inviteCode)).limit(1);
  return inviter?.id;
}

/** Whether a username is taken (case-insensitive). */
export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const taken = await db
    .select({ id: user.id })
    .from(user)
    .where(sql`lower(${user.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return taken.length > 0;
}

/** Whether a verified address (e-mail as given, or mobile) is bound to a member already. */
export async function addressTaken(db: Db, address: { email?: string; mobile?: string }): Promise<boolean> {
  const field = address.email ? sql`lower(${user.email}) = ${address.email}` : eq(user.mobile, address.mobile!);
  const used = await db.select({ id: user.id }).from(user).where(field).limit(1);
  return used.length > 0;
}

/** Insert a new member (registration); the stored row. */
export async function insertMember(db: Db, values: NewMember): Promise<MemberRow> {
  const [created] = await db.insert(user).values(values).returning();
  return created!;
}

/** A successful login: the failure count starts again, the time and IP are recorded; the updated row. */
export async function recordMemberLogin(db: Db, id: number, ip: string): Promise<MemberRow> {
  const [updated] = await db
    .update(user)
    .set({ loginFailure: 0, lastLoginTime: sql`now()`, lastLoginIp: ip, updatedAt: sql`now()` })
    .where(eq(user.id, id))
    .returning();
  return updated!;
}

/** A wrong password: one more failure on the member's count. */
export async function recordMemberLoginFailure(db: Db, id: number): Promise<void> {
  await db.update(user).set({ loginFailure: sql`${user.loginFailure} + 1`, updatedAt: sql`now()` }).where(eq(user.id, id));
}

/** Store a new password hash; `resetFailures` also starts the login failure count again (a reset by code). */
export async function setMemberPassword(db: Db, id: number, passwordHash: string, options: { resetFailures?: boolean } = {}): Promise<void> {
  await db
    .update(user)
    .set(options.resetFailures ? { password: passwordHash, loginFailure: 0, updatedAt: sql`now()` } : { password: passwordHash, updatedAt: sql`now()` })
    .where(eq(user.id, id));
}

/** The member-centre's own profile fields. */
export interface MemberProfileFields {
  nickname: string;
  avatar: string;
  gender: number;
  birthday?: string | null;
  motto?: string;
}

/** Save the member's profile fields; the updated row. */
export async function updateMemberProfile(db: Db, id: number, fields: MemberProfileFields): Promise<MemberRow> {
  const [updated] = await db
    .update(user)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(user.id, id))
    .returning();
  return updated!;
}

/** Bind an address (e-mail lower-cased, or mobile); the updated row. A unique violation means another member holds it. */
export async function setMemberAddress(db: Db, id: number, channel: 'email' | 'mobile', address: string): Promise<MemberRow> {
  const [updated] = await db
    .update(user)
    .set({ [channel]: address, updatedAt: sql`now()` })
    .where(eq(user.id, id))
    .returning();
  return updated!;
}

/**
 * One guarded update of the member row (locked until the payment commits), all from the row's
 * old values and the database clock: level = the higher of the running level and the tier's;
 * expiry = lifetime for a lifetime tier (`days` 0) or a running lifetime membership, otherwise the
 * later of now and the current expiry plus the tier's days. Called by member-money's VIP order.
 */
export async function extendMemberVip(tx: Db, id: number, level: number, days: number): Promise<void> {
  const running = sql`(${user.vipLevel} > 0 and (${user.vipDate} is null or ${user.vipDate} > now()))`;
  await tx
    .update(user)
    .set({
      vipLevel: sql`case when ${running} then greatest(${user.vipLevel}, ${level}::int) else ${level}::int end`,
      vipDate: sql`case
        when ${days}::int = 0 then null
        when ${running} and ${user.vipDate} is null then null
        else greatest(coalesce(${user.vipDate}, now()), now()) + make_interval(days => ${days}::int)
      end`,
    })
    .where(sql`${user.id} = ${id}`);
}

/**
 * The ledger's first step (decision 019): the member's balance (cents) or points, the row locked
 * for the rest of the ledger's transaction; undefined when there is no such member. Only the
 * ledger calls this.
 */
export async function lockMemberBalance(tx: Db, id: number, account: LedgerAccount): Promise<number | undefined> {
  const column = account === 'money' ? user.money : user.score;
  const [row] = await tx.select({ value: column }).from(user).where(eq(user.id, id)).for('update');
  return row ? Number(row.value) : undefined;
}

/**
 * The ledger's last step (decision 019): write the new balance or points computed from the locked
 * value, in the ledger's transaction after its entry was inserted. Only the ledger calls this.
 */
export async function writeMemberBalance(tx: Db, id: number, account: LedgerAccount, value: number): Promise<void> {
  await tx
    .update(user)
    .set(account === 'money' ? { money: value, updatedAt: sql`now()` } : { score: value, updatedAt: sql`now()` })
    .where(eq(user.id, id));
}
