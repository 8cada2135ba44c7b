import { DeleteOutlined, HolderOutlined, PlusOutlined, VideoCameraOutlined } from '@ant-design/icons';
import {
  closestCorners,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragOverEvent,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { LESSON_VIDEO_SUFFIXES } from '@framecraft/contracts/catalogue-admin-constants';
import { Button, Input, Switch, Tag, Upload } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { newKey, formatDuration, type DraftChapter, type DraftLesson } from './draft.ts';
import { PendingUpload, PrivateFiles } from './private-files.tsx';

const VIDEO_ACCEPT = [...LESSON_VIDEO_SUFFIXES.map((s) => `.${s}`), 'video/mp4', 'video/quicktime'].join(',');

function Handle(props: Record<string, unknown>) {
  const { t } = useTranslation('items');
  return (
    <button type="button" className="cursor-grab touch-none px-1 opacity-50" aria-label={t('syllabus.drag')} {...props}>
      <HolderOutlined />
    </button>
  );
}

/** A lesson's video: the stored one (duration read by the server), or one uploaded now to the private root. */
function LessonVideo({ lesson, onChange }: { lesson: DraftLesson; onChange: (video: DraftLesson['video']) => void }) {
  const { t } = useTranslation('items');
  const [picked, setPicked] = useState<File | null>(null);
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs">
      <VideoCameraOutlined className="opacity-60" />
      {lesson.video ? (
        <Tag color="blue" data-testid="lesson-video-new">{t('syllabus.newVideo', { name: lesson.video.name })}</Tag>
      ) : lesson.has_video ? (
        <Tag color="green" data-testid="lesson-duration">{t('syllabus.duration', { time: formatDuration(lesson.duration) })}</Tag>
      ) : (
        <span className="opacity-60">{t('syllabus.noVideo')}</span>
      )}
      {picked ? (
        <ul className="w-full">
          <PendingUpload
            file={picked}
            topic="lesson"
            onDrop={() => setPicked(null)}
            onDone={(stored) => {
              setPicked(null);
              onChange({ attachmentId: stored.id, name: stored.name });
            }}
          />
        </ul>
      ) : (
        <Upload accept={VIDEO_ACCEPT} showUploadList={false} beforeUpload={(file) => (setPicked(file), false)}>
          <Button size="small" data-testid="lesson-video-upload">{lesson.has_video || lesson.video ? t('syllabus.replaceVideo') : t('syllabus.uploadVideo')}</Button>
        </Upload>
      )}
    </div>
  );
}

function LessonRow({ lesson, index, onChange, onRemove }: { lesson: DraftLesson; index: string; onChange: (lesson: DraftLesson) => void; onRemove: () => void }) {
  const { t } = useTranslation('items');
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: lesson.key, data: { type: 'lesson' } });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`rounded-lg border border-current/10 p-2 ${isDragging ? 'opacity-50' : ''}`}
      data-testid="lesson-row"
    >
      <div className="flex flex-wrap items-center gap-2">
        <Handle {...attributes} {...listeners} />
        <span className="w-8 text-xs tabular-nums opacity-60">{index}</span>
        <Input size="small" className="min-w-40 flex-1" placeholder={t('syllabus.lessonTitleZh')} aria-label={t('syllabus.lessonTitleZh')} value={lesson.title_zh} maxLength={120} onChange={(e) => onChange({ ...lesson, title_zh: e.target.value })} data-testid="lesson-title-zh" />
        <Input size="small" className="min-w-40 flex-1" placeholder={t('syllabus.lessonTitleEn')} aria-label={t('syllabus.lessonTitleEn')} value={lesson.title_en} maxLength={160} onChange={(e) => onChange({ ...lesson, title_en: e.target.value })} data-testid="lesson-title-en" />
        <label className="flex items-center gap-1.5 text-xs">
          <Switch size="small" checked={lesson.free_preview} onChange={(free_preview) => onChange({ ...lesson, free_preview })} data-testid="lesson-free" />
          {t('syllabus.freePreview')}
        </label>
        <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('syllabus.removeLesson')} onClick={onRemove} />
      </div>
      <div className="mt-2 flex flex-col gap-2 pl-12">
        <LessonVideo lesson={lesson} onChange={(video) => onChange({ ...lesson, video })} />
        <PrivateFiles compact topic="lesson" value={lesson.attachments} onChange={(attachments) => onChange({ ...lesson, attachments })} testId="lesson-attachments" />
      </div>
    </li>
  );
}

function ChapterCard({ chapter, index, children, onChange, onRemove }: { chapter: DraftChapter; index: number; children: ReactNode; onChange: (c: DraftChapter) => void; onRemove: () => void }) {
  const { t } = useTranslation('items');
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: chapter.key, data: { type: 'chapter' } });
  // Lessons may be dropped on an empty chapter too.
  const { setNodeRef: setDropRef } = useDroppable({ id: `drop:${chapter.key}`, data: { type: 'chapterBody', chapterKey: chapter.key } });
  return (
    <section ref={setNodeRef} style={{ transform: CSS.Transform.toString(transform), transition }} className={`rounded-xl border border-current/15 p-3 ${isDragging ? 'opacity-50' : ''}`} data-testid="chapter-card">
      <header className="flex flex-wrap items-center gap-2">
        <Handle {...attributes} {...listeners} />
        <span className="text-sm font-semibold tabular-nums">{index + 1}.</span>
        <Input className="min-w-40 flex-1" placeholder={t('syllabus.chapterTitleZh')} aria-label={t('syllabus.chapterTitleZh')} value={chapter.title_zh} maxLength={120} onChange={(e) => onChange({ ...chapter, title_zh: e.target.value })} data-testid="chapter-title-zh" />
        <Input className="min-w-40 flex-1" placeholder={t('syllabus.chapterTitleEn')} aria-label={t('syllabus.chapterTitleEn')} value={chapter.title_en} maxLength={160} onChange={(e) => onChange({ ...chapter, title_en: e.target.value })} data-testid="chapter-title-en" />
        <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('syllabus.removeChapter')} onClick={onRemove} />
      </header>
      <div ref={setDropRef} className="mt-3 min-h-10">
        {children}
      </div>
    </section>
  );
}

/**
 * Chapters and their lessons in one place (decision 041): drag chapters into order, lessons within
 * a chapter and across chapters (@dnd-kit, pointer and keyboard); each lesson's video and
 * attachments upload to the private root.
 */
export function SyllabusEditor({ value, onChange }: { value: DraftChapter[]; onChange: (chapters: DraftChapter[]) => void }) {
  const { t } = useTranslation('items');
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const chapterOf = (key: string) => value.find((c) => c.key === key || c.lessons.some((l) => l.key === key) || `drop:${c.key}` === key);

  // A lesson dragged over another chapter moves there at once, so the list shows where it lands.
  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (!over || active.data.current?.type !== 'lesson') return;
    const from = chapterOf(String(active.id));
    const to = chapterOf(String(over.id));
    if (!from || !to || from.key === to.key) return;
    const lesson = from.lessons.find((l) => l.key === active.id)!;
    const overIndex = to.lessons.findIndex((l) => l.key === over.id);
    const at = overIndex >= 0 ? overIndex : to.lessons.length;
    onChange(
      value.map((c) =>
        c.key === from.key ? { ...c, lessons: c.lessons.filter((l) => l.key !== lesson.key) } : c.key === to.key ? { ...c, lessons: [...c.lessons.slice(0, at), lesson, ...c.lessons.slice(at)] } : c,
      ),
    );
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    if (active.data.current?.type === 'chapter') {
      const to = chapterOf(String(over.id));
      const from = value.findIndex((c) => c.key === active.id);
      const target = value.findIndex((c) => c.key === to?.key);
      if (from >= 0 && target >= 0) onChange(arrayMove(value, from, target));
      return;
    }
    const chapter = chapterOf(String(active.id));
    if (!chapter) return;
    const from = chapter.lessons.findIndex((l) => l.key === active.id);
    const to = chapter.lessons.findIndex((l) => l.key === over.id);
    if (from >= 0 && to >= 0) onChange(value.map((c) => (c.key === chapter.key ? { ...c, lessons: arrayMove(c.lessons, from, to) } : c)));
  };

  const update = (key: string, next: DraftChapter) => onChange(value.map((c) => (c.key === key ? next : c)));
  const newLesson = (): DraftLesson => ({ key: newKey('l'), title_zh: '', title_en: '', free_preview: false, duration: 0, has_video: false, attachments: [] });
  return (
    <div className="flex flex-col gap-3" data-testid="syllabus-editor">
      <DndContext sensors={sensors} collisionDetection={closestCorners} onDragOver={onDragOver} onDragEnd={onDragEnd}>
        <SortableContext items={value.map((c) => c.key)} strategy={verticalListSortingStrategy}>
          {value.map((chapter, ci) => (
            <ChapterCard key={chapter.key} chapter={chapter} index={ci} onChange={(c) => update(chapter.key, c)} onRemove={() => onChange(value.filter((c) => c.key !== chapter.key))}>
              <SortableContext items={chapter.lessons.map((l) => l.key)} strategy={verticalListSortingStrategy}>
                <ul className="flex flex-col gap-2">
                  {chapter.lessons.map((lesson, li) => (
                    <LessonRow
                      key={lesson.key}
                      lesson={lesson}
                      index={`${ci + 1}.${li + 1}`}
                      onChange={(l) => update(chapter.key, { ...chapter, lessons: chapter.lessons.map((x) => (x.key === lesson.key ? l : x)) })}
                      onRemove={() => update(chapter.key, { ...chapter, lessons: chapter.lessons.filter((x) => x.key !== lesson.key) })}
                    />
                  ))}
                </ul>
              </SortableContext>
              {chapter.lessons.length === 0 && <p className="rounded-lg border border-dashed border-current/15 py-3 text-center text-xs opacity-60">{t('syllabus.emptyChapter')}</p>}
              <Button className="mt-2" size="small" icon={<PlusOutlined />} onClick={() => update(chapter.key, { ...chapter, lessons: [...chapter.lessons, newLesson()] })} data-testid="add-lesson">
                {t('syllabus.addLesson')}
              </Button>
            </ChapterCard>
          ))}
        </SortableContext>
      </DndContext>
      {value.length === 0 && <p className="text-sm opacity-60">{t('syllabus.empty')}</p>}
      <Button icon={<PlusOutlined />} onClick={() => onChange([...value, { key: newKey('c'), title_zh: '', title_en: '', lessons: [] }])} data-testid="add-chapter">
        {t('syllabus.addChapter')}
      </Button>
    </div>
  );
}
