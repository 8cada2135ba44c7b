import type { Purchase, PurchaseLesson } from '@framecraft/contracts/commerce-constants';
import { formatDate } from '@framecraft/contracts/date';
import { DownloadOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, List, Modal, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePaging } from './use-paging.ts';
import { Link } from 'react-router';
import { downloadOwnedFile, purchaseLink } from '../../lib/commerce.ts';
import { formatBytes } from '../../utils/format-bytes.ts';
import { fullUrl } from '../../utils/full-url.ts';
import { purchasesQuery } from './api/commerce.ts';

const FOLDED_ROWS = 5;
const ACCESS_COLORS = { owned: 'success', vip: 'gold', free: 'blue' } as const;

/** Lesson length `m:ss` / `h:mm:ss`. */
const duration = (seconds: number) => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(Math.floor(seconds % 60)).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
};

/**
 * What the member owns (paid orders; VIP and free access too), with its files and lessons. Every
 * download and every lesson asks the server for a fresh short-lived signed link first.
 */
export default function PurchasesPage() {
  const { t } = useTranslation('member');
  const { page, limit, pagination } = usePaging();
  const query = useQuery(purchasesQuery(page, limit));
  const [watching, setWatching] = useState<{ title: string; url: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // Long courses show their first lessons until the member asks for all of them.
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const shown = <T,>(purchase: Purchase, rows: T[]) => (expanded.has(purchase.item.id) ? rows : rows.slice(0, FOLDED_ROWS));
  const more = (purchase: Purchase, rows: unknown[]) =>
    rows.length > FOLDED_ROWS &&
    !expanded.has(purchase.item.id) && (
      <Button type="link" size="small" className="!px-3" onClick={() => setExpanded((previous) => new Set(previous).add(purchase.item.id))}>
        {t('purchases.showAll', { count: rows.length })}
      </Button>
    );

  const run = async (key: string, work: () => Promise<void>) => {
    setBusy(key);
    try {
      await work();
    } catch {
      // The request layer has shown the server's message.
    } finally {
      setBusy(null);
    }
  };
  const watch = (purchase: Purchase, lesson: PurchaseLesson) =>
    run(`l${lesson.id}`, async () => {
      const link = await purchaseLink({ item_id: purchase.item.id, lesson_id: lesson.id });
      setWatching({ title: lesson.title, url: link.url });
    });

  return (
    <Card title={t('common:route.myPurchases')}>
      <List<Purchase>
        data-testid="purchases-list"
        loading={query.isFetching}
        dataSource={query.data?.list ?? []}
        locale={{
          emptyText: (
            <Empty description={t('purchases.emptyDescription')}>
              <Link to="/list">
                <Button>{t('common:action.browse')}</Button>
              </Link>
            </Empty>
          ),
        }}
        pagination={(query.data?.total ?? 0) > 0 && pagination(query.data?.total ?? 0)}
        renderItem={(purchase) => (
          <List.Item data-testid="purchase" data-item={purchase.item.id} className="!block">
            <div className="flex items-start gap-3 sm:gap-4">
              <Link to={`/course/${purchase.item.id}`} className="shrink-0">
                <img src={fullUrl(purchase.item.cover)} alt="" loading="lazy" className="aspect-video w-24 rounded-md object-cover sm:w-36" />
              </Link>
              <div className="min-w-0 flex-1">
                <Link to={`/course/${purchase.item.id}`} className="line-clamp-2 font-medium">
                  {purchase.item.title}
                </Link>
                <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
                  <Tag color={ACCESS_COLORS[purchase.access]} bordered={false} className="!m-0">
                    {t(`purchases.access.${purchase.access}`)}
                  </Tag>
                  <span>{t(`commerce:kind.${purchase.item.kind}`)}</span>
                  {purchase.purchase_time > 0 && <span className="tabular-nums">{formatDate(purchase.purchase_time)}</span>}
                </div>
              </div>
            </div>
            {purchase.files.length > 0 && (
              <section className="mt-3">
                <h3 className="mb-1 text-xs font-medium text-muted">{t('purchases.files')}</h3>
                <ul className="divide-y divide-[var(--ant-color-split)] rounded-lg border border-[var(--ant-color-border-secondary)]">
                  {shown(purchase, purchase.files).map((file) => (
                    <li key={file.id} data-testid="purchase-file" className="flex items-center gap-2 px-3 py-2 text-sm">
                      <span className="min-w-0 flex-1 truncate">{file.name}</span>
                      <span className="hidden shrink-0 text-xs text-muted sm:inline">
                        {file.format.toUpperCase()} · {formatBytes(file.size)}
                      </span>
                      <Button
                        size="small"
                        icon={<DownloadOutlined />}
                        loading={busy === `f${file.id}`}
                        data-testid="purchase-download"
                        onClick={() => void run(`f${file.id}`, () => downloadOwnedFile(purchase.item.id, file.id))}
                      >
                        {t('purchases.download')}
                      </Button>
                    </li>
                  ))}
                </ul>
                {more(purchase, purchase.files)}
              </section>
            )}
            {purchase.lessons.length > 0 && (
              <section className="mt-3">
                <h3 className="mb-1 text-xs font-medium text-muted">{t('purchases.lessons')}</h3>
                <ul className="divide-y divide-[var(--ant-color-split)] rounded-lg border border-[var(--ant-color-border-secondary)]">
                  {shown(purchase, purchase.lessons).map((lesson) => (
                    <li key={lesson.id} data-testid="purchase-lesson" className="flex items-center gap-2 px-3 py-2 text-sm">
                      <span className="min-w-0 flex-1">
                        <span className="block truncate">{lesson.title}</span>
                        <span className="block truncate text-xs text-muted">{lesson.chapter}</span>
                      </span>
                      <span className="shrink-0 text-xs text-muted tabular-nums">{duration(lesson.duration)}</span>
                      <Button size="small" type="primary" ghost icon={<PlayCircleOutlined />} loading={busy === `l${lesson.id}`} data-testid="purchase-watch" onClick={() => void watch(purchase, lesson)}>
                        {t('purchases.watch')}
                      </Button>
                    </li>
                  ))}
                </ul>
                {more(purchase, purchase.lessons)}
              </section>
            )}
          </List.Item>
        )}
      />
      <Modal open={watching !== null} onCancel={() => setWatching(null)} footer={null} title={watching?.title} width={860} destroyOnHidden centered>
        {watching && <video data-testid="purchase-player" src={watching.url} controls autoPlay playsInline className="aspect-video w-full rounded-lg bg-black" />}
      </Modal>
    </Card>
  );
}
