import type { CourseDetail } from '@framecraft/contracts/catalogue';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentIcon, DownloadIcon, LockIcon } from '../../../components/icons.tsx';
import { downloadOwnedFile } from '../../../lib/commerce.ts';
import { formatBytes as formatSize } from '../../../utils/format-bytes.ts';
import { fullUrl } from '../../../utils/full-url.ts';

/** Material layout: a large view of the selected picture and a strip of thumbnails. */
export function Gallery({ item }: { item: CourseDetail }) {
  const { t } = useTranslation(['catalogue-detail', 'catalogue']);
  const pictures = [item.cover, ...item.gallery].filter((url, index, all) => url && all.indexOf(url) === index);
  const [selected, setSelected] = useState(0);
  return (
    <div data-testid="gallery" className="space-y-3">
      <div className="overflow-hidden rounded-2xl border border-line bg-surface-2">
        {item.previewVideo && selected === 0 ? (
          <video src={fullUrl(item.previewVideo)} poster={fullUrl(item.cover)} controls playsInline preload="metadata" className="aspect-video w-full bg-black" />
        ) : (
          <img src={fullUrl(pictures[selected])} alt={item.title} width={1280} height={720} className="aspect-video w-full object-cover" />
        )}
      </div>
      {pictures.length > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1 [scrollbar-width:none]" aria-label={t('course.gallery')}>
          {pictures.map((url, index) => (
            <li key={url} className="shrink-0">
              <button
                type="button"
                aria-pressed={selected === index}
                onClick={() => setSelected(index)}
                className={`block w-24 overflow-hidden rounded-lg border-2 transition-colors sm:w-28 ${selected === index ? 'border-accent' : 'border-transparent opacity-70 hover:opacity-100'}`}
              >
                <img src={fullUrl(url)} alt="" loading="lazy" className="aspect-video w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * What the pack contains. A member who may open it (owned, VIP-covered, free) downloads each file
 * through a fresh signed link (commerce); never a URL here.
 */
export function FileList({ files, owned, itemId, open = owned }: { files: CourseDetail['files']; owned: boolean; itemId?: number; open?: boolean }) {
  const { t } = useTranslation(['catalogue-detail', 'catalogue']);
  const download = (fileId: number) => {
    if (itemId === undefined) return;
    void downloadOwnedFile(itemId, fileId).catch(() => undefined); // the request layer has shown why
  };
  const total = files.reduce((sum, file) => sum + file.size, 0);
  return (
    <section data-testid="file-list">
      <div className="mb-3 flex items-baseline justify-between gap-4">
        <h2 className="text-lg font-semibold text-ink">{t('course.files')}</h2>
        <p className="text-xs text-muted">{t('course.filesSummary', { count: files.length, size: formatSize(total) })}</p>
      </div>
      {files.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line-strong px-4 py-6 text-center text-sm text-muted">{t('course.noFiles')}</p>
      ) : (
        <ul className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface">
          {files.map((file) => (
            <li key={file.id} className="flex items-center gap-3 px-4 py-3 text-sm">
              <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-surface-2 text-muted">
                <DocumentIcon />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-ink">{file.name}</span>
                <span className="text-xs text-faint uppercase">{file.format}</span>
              </span>
              <span className="shrink-0 text-xs text-muted tabular-nums">{formatSize(file.size)}</span>
              {open && itemId !== undefined ? (
                <button type="button" data-testid="file-download" onClick={() => download(file.id)} aria-label={t('course.download', { name: file.name })} className="grid size-8 shrink-0 place-items-center rounded-lg text-accent hover:bg-surface-2">
                  <DownloadIcon />
                </button>
              ) : (
                !owned && <LockIcon className="shrink-0 text-faint" aria-label={t('course.locked')} />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
