/** The members a member invited (the /share page), newest first, with the usernames masked. */
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { inviteesPage } from '../member-access/index.ts';

/**
 * Which of these members have a paid order: commerce registers its lookup here (accounts sits
 * below commerce in the module graph — decision 033); without it nobody has bought.
 */
type BuyerLookup = (db: Db, memberIds: number[]) => Promise<Set<number>>;
let membersWhoBought: BuyerLookup = async () => new Set();
export function registerBuyerLookup(lookup: BuyerLookup): void {
  membersWhoBought = lookup;
}

export const inviteListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export interface Invitee {
  /** First and last character, the rest hidden: `a***9`. */
  username: string;
  /** Registration time, Unix seconds. */
  join_time: number;
  /** Has a paid item or VIP order (commission, decision 039). */
  bought: boolean;
}

/** Keep only the first and last character, so an inviter recognises a friend but a list leaks no accounts. */
export function maskUsername(name: string): string {
  const chars = [...name];
  if (chars.length <= 1) return `${chars[0] ?? ''}***`;
  return `${chars[0]}***${chars[chars.length - 1]}`;
}

export async function listInvitees(db: Db, inviterId: number, page: number, limit: number): Promise<{ list: Invitee[]; total: number }> {
  const { rows, total } = await inviteesPage(db, inviterId, page, limit);
  const buyers = await membersWhoBought(db, rows.map((row) => row.id));
  return {
    list: rows.map((row) => ({ username: maskUsername(row.username), join_time: Math.floor(row.joinTime.getTime() / 1000), bought: buyers.has(row.id) })),
    total,
  };
}
