import type { MemberRuleNode } from '@framecraft/contracts/member';
import { describe, expect, it } from 'vitest';
import { holdsNode, menuPages } from './menus-store.ts';

const rule = (id: number, name: string, type: string, path = '', children?: MemberRuleNode[]): MemberRuleNode => ({
  id, pid: 0, type, title: name, name, path, icon: '', menu_type: 'tab', url: '', component: '', keepalive: 0, children,
});

describe('member menus', () => {
  const tree = [
    rule(1, 'account/overview', 'menu', '/user/overview'),
    rule(2, 'account', 'menu_dir', '', [rule(3, 'account/profile', 'menu', '/user/profile'), rule(4, 'account/balance', 'menu', '/user/balance')]),
    rule(5, 'user/faq', 'menu', '/user/faq'),
  ];

  it('lists the pages depth first, without directories', () => {
    expect(menuPages(tree).map((r) => r.path)).toEqual(['/user/overview', '/user/profile', '/user/balance', '/user/faq']);
  });

  it('checks a named node (and sub-node) or a route path plus sub-path, case-insensitively (spec §6)', () => {
    const rules = [...menuPages(tree), rule(6, 'account/profile/avatar', 'button')];
    expect(holdsNode(rules, 'account/profile')).toBe(true);
    expect(holdsNode(rules, 'Account/Profile', 'avatar')).toBe(true);
    expect(holdsNode(rules, 'account/integral')).toBe(false);
    expect(holdsNode(rules, '/user/balance')).toBe(true);
    expect(holdsNode(rules, '/user/balance', 'export')).toBe(false);
  });
});
