import { Result, Spin } from 'antd';
import { Activity, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_PAGES } from '../pages/registry.ts';
import { AdminPagePath } from './auth.tsx';
import { useMenuAt } from './menus-store.ts';
import { useAdminTabs } from './tabs-store.ts';

function PageFor({ path }: { path: string }) {
  const { t } = useTranslation('admin');
  const menu = useMenuAt(path);
  // A generated table's page works before its own page is built in (decision 045).
  const Page = menu ? (ADMIN_PAGES[menu.component] ?? (menu.component.startsWith('gen/') ? ADMIN_PAGES['gen/runtime'] : undefined)) : undefined;
  if (!menu) return null;
  if (menu.menu_type === 'iframe' && menu.url) return <iframe title={menu.title} src={menu.url} className="h-[calc(100dvh-9rem)] w-full rounded-lg border-0" />;
  if (!Page) return <Result status="404" title={t('shell.noComponent')} subTitle={menu.component} />;
  return (
    <AdminPagePath.Provider value={path}>
      <Page />
    </AdminPagePath.Provider>
  );
}

/** The open tabs' pages: the active one shown, kept-alive ones hidden with their state. */
export function PageArea({ active }: { active: string }) {
  const tabs = useAdminTabs((s) => s.tabs);
  return (
    <Suspense fallback={<div className="grid place-items-center py-24"><Spin /></div>}>
      {tabs
        .filter((tab) => tab.keepalive || tab.path === active)
        .map((tab) => (
          <Activity key={tab.path} mode={tab.path === active ? 'visible' : 'hidden'}>
            <PageFor path={tab.path} />
          </Activity>
        ))}
    </Suspense>
  );
}
