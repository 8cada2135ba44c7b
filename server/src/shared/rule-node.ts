/** The columns a menu/permission rule row has, in the back office and in the member centre alike. */
export interface RuleRowColumns {
  id: number;
  pid: number;
  type: string;
  title: string;
  name: string;
  path: string;
  icon: string;
  menuType: string;
  url: string;
  component: string;
  keepalive: number;
}

/** A rule row as the menu tree sends it (snake-case `menu_type`, no children yet). */
export const toRuleNode = (r: RuleRowColumns) => ({
  id: r.id,
  pid: r.pid,
  type: r.type,
  title: r.title,
  name: r.name,
  path: r.path,
  icon: r.icon,
  menu_type: r.menuType,
  url: r.url,
  component: r.component,
  keepalive: r.keepalive,
});
