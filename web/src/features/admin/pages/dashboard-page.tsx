import type { AdminDashboard, DashboardSales, SalesWindowName } from '@framecraft/contracts/admin';
import { TeamOutlined, UserAddOutlined, LoginOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Segmented, Skeleton, theme } from 'antd';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { loadNamespaces } from '../../../lib/i18n.ts';
import { moneyText } from './money.tsx';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../utils/format-bytes.ts';
import { crudApi } from '../api/crud.ts';
import { PageCard } from './page-card.tsx';

type Dashboard = AdminDashboard;
type WindowName = SalesWindowName;
type SalesFigures = DashboardSales;

// Chart.js only with the dashboard (decision 042).
const SalesChart = lazy(() => import('./sales-chart.tsx'));
const percent = (orders: number, members: number) => (members > 0 ? `${((orders / members) * 100).toFixed(2)}%` : '—');

/** Sales of a window, the 30-day charts and the top items (figures from SQL aggregates, decision 042). */
function SalesSection({ sales }: { sales: SalesFigures }) {
  const { t } = useTranslation('items');
  const [ready, setReady] = useState(false);
  const [span, setSpan] = useState<WindowName>('today');
  useEffect(() => {
    void loadNamespaces(['items']).then(() => setReady(true));
  }, []);
  if (!ready) return null;
  const figures = sales.windows[span];
  const cells: [string, string][] = [
    [t('dashboard.sales'), moneyText(figures.amount)],
    [t('dashboard.orders'), figures.orders.toLocaleString()],
    [t('dashboard.newMembers'), figures.newMembers.toLocaleString()],
    [t('dashboard.conversion'), percent(figures.orders, figures.members)],
  ];
  return (
    <div className="flex flex-col gap-4" data-testid="dashboard-sales">
      <PageCard
        title={t('dashboard.sales')}
        extra={<Segmented size="small" value={span} onChange={(v) => setSpan(v as WindowName)} options={(['today', 'week', 'month'] as const).map((w) => ({ value: w, label: t(`dashboard.${w}`) }))} />}
      >
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {cells.map(([label, value], i) => (
            <div key={label}>
              <dt className="text-sm opacity-60" title={i === 3 ? t('dashboard.conversionHelp') : undefined}>{label}</dt>
              <dd className="text-2xl font-semibold tabular-nums" data-testid={`sales-${i}`}>{value}</dd>
            </div>
          ))}
        </dl>
      </PageCard>
      <div className="grid gap-4 lg:grid-cols-2">
        <Suspense fallback={<PageCard><Skeleton active /></PageCard>}>
          <PageCard title={t('dashboard.salesChart')}>
            <SalesChart kind="bar" labels={sales.chart.days} values={sales.chart.amounts} format={moneyText} label={t('dashboard.sales')} testId="chart-sales" emptyMax={100} />
          </PageCard>
          <PageCard title={t('dashboard.membersChart')}>
            <SalesChart kind="line" labels={sales.chart.days} values={sales.chart.newMembers} label={t('dashboard.newMembers')} testId="chart-members" />
          </PageCard>
        </Suspense>
      </div>
      <PageCard title={t('dashboard.topItems')}>
        {sales.top.length === 0 ? (
          <p className="text-sm opacity-60">{t('dashboard.noSales')}</p>
        ) : (
          <ol className="flex flex-col gap-2" data-testid="top-items">
            {sales.top.map((item, i) => (
              <li key={item.courseId} className="flex items-center gap-3 text-sm">
                <span className="w-5 tabular-nums opacity-60">{i + 1}</span>
                <span className="min-w-0 flex-1 truncate">{item.title}</span>
                <span className="tabular-nums opacity-70">{item.orders} × </span>
                <span className="w-24 text-right font-medium tabular-nums">{moneyText(item.amount)}</span>
              </li>
            ))}
          </ol>
        )}
      </PageCard>
    </div>
  );
}

function Stat({ icon, label, value, tint }: { icon: ReactNode; label: string; value: number; tint: string }) {
  return (
    <PageCard>
      <div className="flex items-center gap-4">
        <div className="grid size-11 place-items-center rounded-xl text-xl" style={{ background: `${tint}1f`, color: tint }}>
          {icon}
        </div>
        <div>
          <div className="text-sm opacity-60">{label}</div>
          <div className="text-2xl font-semibold tabular-nums" data-testid={`stat-${label}`}>
            {value.toLocaleString()}
          </div>
        </div>
      </div>
    </PageCard>
  );
}

/** Dashboard: members, logins, attachments and the sales section. */
export default function DashboardPage() {
  const { t } = useTranslation('admin');
  const { token } = theme.useToken();
  const query = useQuery({ queryKey: ['admin-dashboard'], queryFn: () => crudApi.get<Dashboard>('dashboard/index') });
  const data = query.data;
  if (!data) return <PageCard><Skeleton active /></PageCard>;
  const max = Math.max(1, ...data.newMembers.counts);
  return (
    <div className="flex flex-col gap-4" data-testid="dashboard">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Stat icon={<TeamOutlined />} label={t('dashboard.members')} value={data.members} tint="#e8590c" />
        <Stat icon={<UserAddOutlined />} label={t('dashboard.newToday')} value={data.newMembersToday} tint="#2f9e44" />
        <Stat icon={<LoginOutlined />} label={t('dashboard.loginsToday')} value={data.memberLoginsToday} tint="#1c7ed6" />
        <Stat icon={<SafetyCertificateOutlined />} label={t('dashboard.admins')} value={data.admins} tint="#ae3ec9" />
      </div>
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <PageCard title={t('dashboard.newMembers')}>
          <div className="flex h-48 items-end gap-3" role="img" aria-label={t('dashboard.newMembers')}>
            {data.newMembers.days.map((day, i) => (
              <div key={day} className="flex flex-1 flex-col items-center gap-2">
                <span className="text-xs tabular-nums opacity-70">{data.newMembers.counts[i]}</span>
                <div className="w-full rounded-t-md" style={{ height: `${(data.newMembers.counts[i]! / max) * 140 + 4}px`, background: token.colorPrimary, opacity: 0.85 }} />
                <span className="text-[11px] opacity-60">{day.slice(5)}</span>
              </div>
            ))}
          </div>
        </PageCard>
        <div className="flex flex-col gap-4">
          <PageCard title={t('dashboard.attachments')}>
            <div data-testid="dashboard-attachments">
              <p className="text-2xl font-semibold tabular-nums">
                {data.attachments.count.toLocaleString()} <span className="text-sm font-normal opacity-60">· {formatBytes(data.attachments.size)}</span>
              </p>
              <ul className="mt-3 space-y-1.5 text-sm">
                {(['image', 'video', 'audio', 'other'] as const).map((kind) => (
                  <li key={kind} className="flex justify-between gap-4">
                    <span className="opacity-70">{t(`dashboard.kind.${kind}`)}</span>
                    <span className="tabular-nums">
                      {data.attachments.byKind[kind]?.count ?? 0} · {formatBytes(data.attachments.byKind[kind]?.size ?? 0)}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          </PageCard>
        </div>
      </div>
      <SalesSection sales={data.sales} />
    </div>
  );
}
