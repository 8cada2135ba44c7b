/**
 * Public API of member access (decision 011, 033): the member groups and rule tree, the node guard
 * and `memberRoute`. Low in the module graph so that every module with member calls can use it;
 * the member centre's pages (module `member`) sit above.
 */
export { memberRoute, memberRules, menusAndRules, requireMemberNode, type MemberRouteSpec } from './access.ts';
export { DEFAULT_GROUP_ID, seedMember } from './seed.ts';
// The member row's reads and writes for other modules (the table stays here; balances only through the ledger).
export {
  addressTaken,
  enabledMemberIds,
  extendMemberVip,
  findEnabledMember,
  findMemberByAccount,
  findMemberByAddress,
  insertMember,
  inviteeIds,
  inviteesPage,
  inviterOf,
  lockMember,
  lockMemberBalance,
  memberExists,
  memberIdByInviteCode,
  memberSummary,
  recordMemberLogin,
  recordMemberLoginFailure,
  setMemberAddress,
  setMemberPassword,
  updateMemberProfile,
  usernameTaken,
  writeMemberBalance,
  type MemberProfileFields,
  type NewMember,
} from './members.ts';
// Relations of other modules' back-office pages (balance logs, attachments, …) name members.
export { user, userGroup, userRule } from './tables.ts';
export { memberAdminRoutes } from './admin-routes.ts';
