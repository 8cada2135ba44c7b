import type { MemberRuleNode } from '@framecraft/contracts/member';
import { create } from 'zustand';

interface MemberMenus {
  /** The member-centre menu tree of the member's group (init call `menus`). */
  menus: MemberRuleNode[];
  /** Every node the group holds, flat (init call `rules`). */
  rules: MemberRuleNode[];
  loaded: boolean;
  /** The start-up init call while it runs, so a route loader waits for it instead of repeating it. */
  startup: Promise<unknown> | null;
  track(startup: Promise<unknown>): void;
  apply(menus: MemberRuleNode[], rules: MemberRuleNode[]): void;
  reset(): void;
}

/** Filled by the app from the init call (start-up, the member loading route, the member-centre gate). */
export const useMemberMenus = create<MemberMenus>((set) => ({
  menus: [],
  rules: [],
  loaded: false,
  startup: null,
  track: (startup) => set({ startup }),
  apply: (menus, rules) => set({ menus, rules, loaded: true }),
  reset: () => set({ menus: [], rules: [], loaded: false }),
}));

/** Spec §6 permission check: the route path plus a sub-path, or a named node, is held. */
export function holdsNode(rules: MemberRuleNode[], node: string, subNode = ''): boolean {
  const wanted = (subNode ? `${node}/${subNode}` : node).toLowerCase();
  return rules.some((rule) => rule.name.toLowerCase() === wanted || rule.path.toLowerCase() === wanted);
}

/** The menu pages of the tree, depth first (directories left out). */
export function menuPages(menus: MemberRuleNode[]): MemberRuleNode[] {
  return menus.flatMap((menu) => (menu.type === 'menu_dir' ? menuPages(menu.children ?? []) : [menu]));
}
