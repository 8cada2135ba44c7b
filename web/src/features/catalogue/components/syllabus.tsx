import type { CourseDetail, CourseLesson } from '@framecraft/contracts/catalogue';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LockIcon, PlayIcon } from '../../../components/icons.tsx';
import { purchaseLink } from '../../../lib/commerce.ts';
import { fullUrl } from '../../../utils/full-url.ts';

/** Seconds → m:ss or h:mm:ss. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const parts = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const [h, m, sec] = parts as [number, number, number];
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

/**
 * Course layout: the lesson player on top, the chapters below. Free previews carry a video URL;
 * a member who may open the item (owned, VIP-covered while the VIP runs, free: `canWatch`) plays
 * any other lesson through a fresh signed link asked for on click — the server's one access check
 * decides, so an expired VIP is refused at once. The browser streams with ranges, so it seeks.
 */
export function Syllabus({ item, canWatch = false }: { item: CourseDetail; canWatch?: boolean }) {
  const { t } = useTranslation(['catalogue-detail', 'catalogue']);
  const firstPlayable = item.chapters.flatMap((chapter) => chapter.lessons).find((lesson) => lesson.video);
  const [current, setCurrent] = useState<CourseLesson | undefined>(firstPlayable);
  const [loading, setLoading] = useState(0);
  const source = current?.video ?? item.previewVideo;
  const play = (lesson: CourseLesson) => {
    if (lesson.video) return setCurrent(lesson);
    setLoading(lesson.id);
    purchaseLink({ item_id: item.id, lesson_id: lesson.id })
      .then((link) => setCurrent({ ...lesson, video: link.url }))
      .catch(() => undefined)
      .finally(() => setLoading(0));
  };
  const total = item.chapters.reduce((sum, chapter) => sum + chapter.lessons.reduce((s, lesson) => s + lesson.duration, 0), 0);

  return (
    <div className="space-y-6">
      <div className="overflow-hidden rounded-2xl border border-line bg-black shadow-2xl shadow-black/20">
        {source ? (
          <video
            key={source}
            data-testid="lesson-player"
            src={fullUrl(source)}
            poster={fullUrl(item.cover)}
            controls
            playsInline
            preload="metadata"
            className="aspect-video w-full bg-black"
          />
        ) : (
          <div className="relative aspect-video">
            <img src={fullUrl(item.cover)} alt="" className="size-full object-cover opacity-70" />
            <p className="absolute inset-0 grid place-items-center text-sm font-medium text-white">
              <span className="flex items-center gap-2 rounded-full bg-black/60 px-4 py-2 backdrop-blur">
                <LockIcon /> {t('course.noPreview')}
              </span>
            </p>
          </div>
        )}
        {current && <p className="border-t border-white/10 bg-neutral-950 px-4 py-2.5 text-sm text-white/85">{current.title}</p>}
      </div>

      <section data-testid="syllabus">
        <div className="mb-3 flex items-baseline justify-between gap-4">
          <h2 className="text-lg font-semibold text-ink">{t('course.syllabus')}</h2>
          <p className="text-xs text-muted">{t('course.syllabusSummary', { chapters: item.chapters.length, duration: formatDuration(total) })}</p>
        </div>
        <ol className="space-y-3">
          {item.chapters.map((chapter, index) => (
            <li key={chapter.id} className="overflow-hidden rounded-2xl border border-line bg-surface">
              <p className="border-b border-line bg-surface-2/50 px-4 py-3 text-sm font-medium text-ink">
                <span className="mr-2 text-faint tabular-nums">{String(index + 1).padStart(2, '0')}</span>
                {chapter.title}
              </p>
              <ul className="divide-y divide-line">
                {chapter.lessons.map((lesson) => {
                  const playing = current?.id === lesson.id;
                  const playable = Boolean(lesson.video) || canWatch;
                  return (
                    <li key={lesson.id}>
                      <button
                        type="button"
                        data-testid="lesson"
                        disabled={!playable || loading === lesson.id}
                        aria-busy={loading === lesson.id}
                        onClick={() => play(lesson)}
                        className={`flex w-full items-center gap-3 px-4 py-3 text-left text-sm transition-colors enabled:hover:bg-surface-2/60 disabled:cursor-not-allowed ${playing ? 'bg-glow' : ''}`}
                      >
                        <span className={`grid size-7 shrink-0 place-items-center rounded-full ${playable ? 'bg-accent text-accent-ink' : 'bg-surface-2 text-faint'}`}>
                          {playable ? <PlayIcon className="text-xs" /> : <LockIcon className="text-xs" />}
                        </span>
                        <span className={`min-w-0 flex-1 truncate ${playable ? 'text-ink' : 'text-muted'}`}>{lesson.title}</span>
                        {lesson.freePreview && <span className="shrink-0 rounded bg-emerald-500/15 px-1.5 py-0.5 text-[11px] font-medium text-emerald-600 dark:text-emerald-400">{t('course.preview')}</span>}
                        <span className="shrink-0 text-xs text-faint tabular-nums">{formatDuration(lesson.duration)}</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
