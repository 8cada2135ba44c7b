import { CalendarOutlined, CrownFilled, GiftOutlined, NotificationOutlined, WalletOutlined } from '@ant-design/icons';
import { formatDate } from '@framecraft/contracts/date';
import { greetingKey } from '@framecraft/contracts/greeting';
import { translate } from '@framecraft/contracts/client-messages';
import { formatMoney, formatPrice } from '@framecraft/contracts/money';
import { fullUrl } from '@framecraft/contracts/url';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, List, Segmented, Skeleton, Tag } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../components/avatar.tsx';
import { getLanguage } from '../../stores/language.ts';
import { useMemberStore } from '../../stores/member.ts';
import { useCurrency, useSiteConfig } from '../../stores/site-config.ts';
import { overviewQuery } from './api/member.ts';
import { TrendChart } from './trend-chart.tsx';

function Stat({ icon, label, value, action, testId }: { icon: ReactNode; label: string; value: ReactNode; action?: ReactNode; testId: string }) {
  return (
    <Card size="small" className="h-full" styles={{ body: { padding: 'clamp(14px, 3vw, 20px)' } }}>
      <div className="flex items-center gap-2 text-sm text-muted">
        <span className="grid size-8 place-items-center rounded-full bg-glow text-accent">{icon}</span>
        {label}
      </div>
      <div data-testid={testId} className="mt-3 line-clamp-2 text-lg font-semibold break-words sm:text-2xl tracking-tight text-ink tabular-nums">
        {value}
      </div>
      {action && <div className="mt-2 truncate text-sm">{action}</div>}
    </Card>
  );
}

/** `/user/overview`: greeting and profile card, balance, points, VIP, check-in, 7-day chart, notices. */
export default function OverviewPage() {
  const { t } = useTranslation('member');
  const query = useQuery(overviewQuery);
  const fill = useMemberStore((state) => state.fill);
  const cdnUrl = useSiteConfig((state) => state.cdnUrl);
  const currency = useCurrency();
  const [series, setSeries] = useState<'score' | 'money'>('score');
  const data = query.data;

  // The overview is the freshest copy of the member: keep the header and card in step.
  useEffect(() => {
    if (data) fill(data.userInfo);
  }, [data, fill]);

  if (!data) return <Card>{query.isError ? <Empty description={t('state.loadFailed')} /> : <Skeleton active avatar paragraph={{ rows: 6 }} />}</Card>;
  const { userInfo: member, vip, checkIn } = data;
  const name = member.nickname || member.username;
  const avatar = member.avatar ? fullUrl(member.avatar, { cdnUrl, origin: window.location.origin }) : '';

  return (
    <div className="flex flex-col gap-5" data-testid="overview">
      <Card styles={{ body: { padding: 24 } }}>
        <div className="flex flex-col gap-5 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex min-w-0 items-center gap-4">
            <Avatar src={avatar} name={name} className="size-16 text-2xl" />
            <div className="min-w-0">
              <p className="text-sm text-muted">{translate(getLanguage(), greetingKey())}</p>
              <h1 className="truncate text-xl font-semibold tracking-tight text-ink">{name}</h1>
              <p className="mt-1 truncate text-sm text-muted">{member.motto || t('overview.noMotto')}</p>
            </div>
          </div>
          <div className="flex shrink-0 gap-2">
            <Link to="/user/profile">
              <Button>{t('overview.editProfile')}</Button>
            </Link>
            <Link to="/user/check-in">
              <Button type="primary" icon={<CalendarOutlined />} disabled={checkIn.checked}>
                {checkIn.checked ? t('checkIn.done') : t('checkIn.action')}
              </Button>
            </Link>
          </div>
        </div>
      </Card>

      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <Stat
          testId="overview-balance"
          icon={<WalletOutlined />}
          label={t('layout.balance')}
          value={formatPrice(member.money, currency)}
          action={<Link to="/topup">{t('overview.topUp')}</Link>}
        />
        <Stat testId="overview-score" icon={<GiftOutlined />} label={t('layout.score')} value={member.score} action={<Link to="/user/integral">{t('overview.pointsLog')}</Link>} />
        <Stat
          testId="overview-vip"
          icon={<CrownFilled />}
          label={t('overview.vip')}
          value={vip.level > 0 ? vip.name || t('layout.vipLevel', { level: vip.level }) : t('overview.noVip')}
          action={
            vip.level > 0 ? (
              <span className={vip.active ? 'text-muted' : 'text-red-500'}>
                {vip.expire === null ? t('overview.vipLifetime') : t(vip.active ? 'overview.vipUntil' : 'overview.vipExpired', { date: formatDate(vip.expire, 'yyyy-mm-dd') })}
              </span>
            ) : (
              <Link to="/vip-pricing">{t('overview.becomeVip')}</Link>
            )
          }
        />
        <Stat
          testId="overview-streak"
          icon={<CalendarOutlined />}
          label={t('checkIn.streak')}
          value={t('checkIn.days', { count: checkIn.streak })}
          action={<Tag color={checkIn.checked ? 'success' : 'default'} bordered={false}>{checkIn.checked ? t('checkIn.done') : t('checkIn.notYet')}</Tag>}
        />
      </div>

      <Card
        title={t('overview.last7Days')}
        extra={
          <Segmented
            size="small"
            value={series}
            onChange={(value) => setSeries(value as 'score' | 'money')}
            options={[
              { value: 'score', label: t('layout.score') },
              { value: 'money', label: t('layout.balance') },
            ]}
          />
        }
      >
        <TrendChart
          days={data.days}
          values={series === 'score' ? data.score : data.money}
          format={series === 'score' ? (v) => String(v) : (v) => formatMoney(Math.round(v))}
          label={series === 'score' ? t('overview.pointsTrend') : t('overview.balanceTrend')}
          empty={t('overview.trendEmpty')}
        />
      </Card>

      <Card title={<span className="flex items-center gap-2"><NotificationOutlined /> {t('overview.notices')}</span>}>
        {data.notices.length ? (
          <List
            size="small"
            dataSource={data.notices}
            renderItem={(notice) => (
              <List.Item>
                <div className="flex w-full min-w-0 items-baseline justify-between gap-3">
                  <span className="truncate">{notice.title}</span>
                  <span className="shrink-0 text-xs text-muted tabular-nums">{formatDate(notice.publishTime, 'yyyy-mm-dd')}</span>
                </div>
              </List.Item>
            )}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('overview.noNotices')} />
        )}
      </Card>
    </div>
  );
}
