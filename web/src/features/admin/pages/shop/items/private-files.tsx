import { DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Input, Progress, Upload } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadedFile } from '../../../../../components/upload/upload-file.ts';
import { useUpload } from '../../../../../components/upload/use-upload.ts';
import { formatBytes } from '../../../../../utils/format-bytes.ts';
import { newKey, type DraftFile } from './draft.ts';

/** One picked file on its way to the private root: its own progress, cancel and retry. */
export function PendingUpload({ file, topic, onDone, onDrop }: { file: File; topic: string; onDone: (stored: UploadedFile) => void; onDrop: () => void }) {
  const { t } = useTranslation('uploads');
  const { state, start, cancel, retry } = useUpload({ context: 'admin', topic, private: true, onDone });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void start(file);
  }, [file, start]);
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border border-dashed border-current/20 px-3 py-2" data-testid="private-upload-pending">
      <span className="min-w-0 flex-1 truncate text-sm">{file.name}</span>
      {state.phase === 'uploading' && (
        <>
          <Progress className="w-40" size="small" percent={state.percent} format={(p) => `${(p ?? 0).toFixed(2)}%`} />
          <Button size="small" onClick={cancel}>{t('cancel')}</Button>
        </>
      )}
      {state.phase === 'failed' && (
        <>
          <span role="alert" className="text-xs text-red-600">{state.message}</span>
          {state.retryable && <Button size="small" onClick={retry}>{t('retry')}</Button>}
        </>
      )}
      {state.phase !== 'uploading' && <Button size="small" type="link" onClick={onDrop}>{t('remove')}</Button>}
    </li>
  );
}

/** Picked files waiting for upload, and the handler that turns each finished one into a row. */
export function usePending(onStored: (file: DraftFile) => void) {
  const [pending, setPending] = useState<{ key: string; file: File }[]>([]);
  const add = (file: File) => setPending((list) => [...list, { key: newKey('p'), file }]);
  const list = (topic: string): ReactNode =>
    pending.map(({ key, file }) => (
      <PendingUpload
        key={key}
        file={file}
        topic={topic}
        onDrop={() => setPending((l) => l.filter((p) => p.key !== key))}
        onDone={(stored) => {
          setPending((l) => l.filter((p) => p.key !== key));
          onStored({ key: newKey('f'), name: stored.name, size: stored.size, format: stored.suffix, attachmentId: stored.id });
        }}
      />
    ));
  return { add, list };
}

function FileRow({ file, onRename, onRemove }: { file: DraftFile; onRename: (name: string) => void; onRemove: () => void }) {
  const { t } = useTranslation('items');
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: file.key });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex items-center gap-2 rounded-lg border border-current/10 px-2 py-1.5 ${isDragging ? 'opacity-50' : ''}`}
      data-testid="private-file"
    >
      <button type="button" className="cursor-grab px-1 opacity-50" aria-label={t('syllabus.drag')} {...attributes} {...listeners}>
        <HolderOutlined />
      </button>
      <Input size="small" className="min-w-0 flex-1" value={file.name} maxLength={200} aria-label={t('files.name')} onChange={(e) => onRename(e.target.value)} data-testid="private-file-name" />
      <span className="w-14 text-center text-xs uppercase opacity-60">{file.format}</span>
      <span className="w-20 text-right text-xs tabular-nums opacity-60">{formatBytes(file.size)}</span>
      <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('files.remove')} onClick={onRemove} />
    </li>
  );
}

/**
 * A private file list (material pack files, lesson attachments): upload many at once, each with
 * progress; rows show format and size, can be renamed, dragged into order and removed.
 */
export function PrivateFiles({ value, onChange, topic, testId, compact }: { value: DraftFile[]; onChange: (files: DraftFile[]) => void; topic: string; testId?: string; compact?: boolean }) {
  const { t } = useTranslation('items');
  const latest = useRef(value);
  latest.current = value;
  const pending = usePending((file) => onChange([...latest.current, file]));
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = value.findIndex((f) => f.key === active.id);
    const to = value.findIndex((f) => f.key === over.id);
    if (from >= 0 && to >= 0) onChange(arrayMove(value, from, to));
  };
  return (
    <div className="flex flex-col gap-2" data-testid={testId}>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={value.map((f) => f.key)} strategy={verticalListSortingStrategy}>
          <ul className="flex flex-col gap-1.5">
            {value.map((file) => (
              <FileRow
                key={file.key}
                file={file}
                onRename={(name) => onChange(value.map((f) => (f.key === file.key ? { ...f, name } : f)))}
                onRemove={() => onChange(value.filter((f) => f.key !== file.key))}
              />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
      <ul className="flex flex-col gap-1.5">{pending.list(topic)}</ul>
      {compact ? (
        <Upload multiple showUploadList={false} beforeUpload={(file) => (pending.add(file), false)}>
          <Button size="small">{t('syllabus.addAttachments')}</Button>
        </Upload>
      ) : (
        <Upload.Dragger multiple showUploadList={false} beforeUpload={(file) => (pending.add(file), false)} data-testid={`${testId ?? 'files'}-drop`}>
          <p className="py-2 text-sm">{t('files.add')}</p>
          <p className="px-4 pb-2 text-xs opacity-60">{t('files.hint')}</p>
        </Upload.Dragger>
      )}
      {!compact && value.length === 0 && <p className="text-sm opacity-60">{t('files.empty')}</p>}
    </div>
  );
}
