import type { EditorChapter, EditorFile, EditorItem } from '@framecraft/contracts/catalogue-admin';

/**
 * The editor's working copy of an item's syllabus and files: every row has a stable `key` for
 * drag and drop (saved rows keep their `id`; new ones get none until saved), and uploads made in
 * this session carry the attachment id the save hands to the server.
 */
export interface DraftFile {
  key: string;
  id?: number;
  name: string;
  size: number;
  format: string;
  attachmentId?: number;
}
export interface DraftLesson {
  key: string;
  id?: number;
  title_zh: string;
  title_en: string;
  free_preview: boolean;
  duration: number;
  has_video: boolean;
  /** A video uploaded in this session (replaces the stored one on save). */
  video?: { attachmentId: number; name: string };
  attachments: DraftFile[];
}
export interface DraftChapter {
  key: string;
  id?: number;
  title_zh: string;
  title_en: string;
  lessons: DraftLesson[];
}

let seq = 0;
export const newKey = (prefix: string) => `${prefix}-new-${++seq}`;

const fileDraft = (f: EditorFile): DraftFile => ({ key: `f-${f.id}`, id: f.id, name: f.name, size: f.size, format: f.format });

export function toDraft(item: Pick<EditorItem, 'chapters' | 'files'>): { chapters: DraftChapter[]; files: DraftFile[] } {
  return {
    chapters: item.chapters.map((c: EditorChapter) => ({
      key: `c-${c.id}`,
      id: c.id,
      title_zh: c.title_zh,
      title_en: c.title_en,
      lessons: c.lessons.map((l) => ({ key: `l-${l.id}`, id: l.id, title_zh: l.title_zh, title_en: l.title_en, free_preview: l.free_preview, duration: l.duration, has_video: l.has_video, attachments: l.attachments.map(fileDraft) })),
    })),
    files: item.files.map(fileDraft),
  };
}

const fileBody = (f: DraftFile) => ({ ...(f.id ? { id: f.id } : {}), ...(f.attachmentId ? { attachment_id: f.attachmentId } : {}), name: f.name });

/** The syllabus and files as the save call takes them (order = position). */
export function fromDraft(chapters: DraftChapter[], files: DraftFile[]) {
  return {
    chapters: chapters.map((c) => ({
      ...(c.id ? { id: c.id } : {}),
      title_zh: c.title_zh,
      title_en: c.title_en,
      lessons: c.lessons.map((l) => ({
        ...(l.id ? { id: l.id } : {}),
        title_zh: l.title_zh,
        title_en: l.title_en,
        free_preview: l.free_preview,
        ...(l.video ? { video_attachment_id: l.video.attachmentId } : {}),
        attachments: l.attachments.map(fileBody),
      })),
    })),
    files: files.map(fileBody),
  };
}

/** Seconds as m:ss or h:mm:ss. */
export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
