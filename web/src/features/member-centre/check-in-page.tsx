import { CheckOutlined, FireFilled } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberStore } from '../../stores/member.ts';
import { checkIn, checkInQuery } from './api/member.ts';
import { streakDays } from './format.ts';

const WEEK = 7;

/** `/user/check-in`: once a day, points through the ledger, the current streak over the last week. */
export default function CheckInPage() {
  const { t, i18n } = useTranslation('member');
  const query = useQuery(checkInQuery);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const state = query.data;
  if (!state) return <Card><Skeleton active paragraph={{ rows: 4 }} /></Card>;

  async function run() {
    setBusy(true);
    try {
      const { streak, score } = await checkIn();
      queryClient.setQueryData(checkInQuery.queryKey, { checked: true, streak });
      const member = useMemberStore.getState();
      member.fill({ score: member.score + score });
      void queryClient.invalidateQueries({ queryKey: ['member', 'overview'] });
      void queryClient.invalidateQueries({ queryKey: ['member', 'integral'] });
    } catch {
      // The request layer has shown why (e.g. already checked in on another device).
      void query.refetch();
    } finally {
      setBusy(false);
    }
  }

  const today = new Date();
  const inStreak = streakDays(state.streak, state.checked, today);
  const week = Array.from({ length: WEEK }, (_, i) => new Date(today.getTime() - (WEEK - 1 - i) * 86_400_000));
  const weekday = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en' : 'zh-CN', { weekday: 'short', timeZone: 'UTC' });

  return (
    <Card title={t('checkIn.title')}>
      <div className="flex flex-col items-center gap-6 py-4 text-center">
        <div className="grid size-36 place-items-center rounded-full bg-glow ring-1 ring-line">
          <div>
            <FireFilled className="text-2xl text-accent" />
            <p data-testid="check-in-streak" className="mt-1 text-4xl font-semibold tracking-tight text-ink tabular-nums">
              {state.streak}
            </p>
            <p className="text-xs text-muted">{t('checkIn.streakLabel')}</p>
          </div>
        </div>
        <ol className="grid w-full max-w-md grid-cols-7 gap-2" aria-label={t('checkIn.week')}>
          {week.map((date) => {
            const day = date.toISOString().slice(0, 10);
            const done = inStreak.has(day);
            return (
              <li key={day} className="flex flex-col items-center gap-1.5">
                <span
                  className={`grid size-9 place-items-center rounded-full text-sm ${done ? 'bg-accent text-accent-ink' : 'border border-line-strong text-faint'}`}
                  aria-label={`${day} ${done ? t('checkIn.done') : t('checkIn.notYet')}`}
                >
                  {done ? <CheckOutlined /> : date.getUTCDate()}
                </span>
                <span className="text-[0.7rem] text-muted">{weekday.format(date)}</span>
              </li>
            );
          })}
        </ol>
        <Button type="primary" size="large" shape="round" className="min-w-48" disabled={state.checked} loading={busy} onClick={() => void run()} data-testid="check-in-button">
          {state.checked ? t('checkIn.done') : t('checkIn.action')}
        </Button>
        <p className="max-w-sm text-sm text-muted">{t('checkIn.hint')}</p>
      </div>
    </Card>
  );
}
