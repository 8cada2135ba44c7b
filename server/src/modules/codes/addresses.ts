import type { Db } from '../../db/client.ts';
import { findMemberByAddress } from '../member-access/index.ts';
import type { MemberRow } from '../session/index.ts';
import type { CodeChannel } from './service.ts';

/** The member holding an e-mail address (case-insensitive) or mobile number, if any. */
export async function memberByAddress(db: Db, channel: CodeChannel, target: string): Promise<MemberRow | undefined> {
  return findMemberByAddress(db, channel, target);
}
