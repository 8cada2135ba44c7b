import { fullUrl } from '@framecraft/contracts/url';
import { Button, Progress, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequestContext } from '../../lib/request';
import { loadNamespaces } from '../../lib/i18n.ts';
import { keptUrl, type UploadedFile } from './upload-file.ts';
import { suffixIconUrl } from './suffix-icon.ts';
import { useUpload } from './use-upload.ts';

export interface FileUploadProps {
  /** Stored relative URLs. */
  value?: string[];
  onChange?: (urls: string[], files: UploadedFile[]) => void;
  context: RequestContext;
  topic?: string;
  /** More than one file (default); false keeps one, replacing it. */
  multiple?: boolean;
  /** `accept` of the file picker, e.g. `video/*,.zip`. */
  accept?: string;
  cdnUrl?: string;
  disabled?: boolean;
}

/** The badge colour of file-type icons: the accent of both themes. */
const SUFFIX_BACKGROUND = '#e8590c';
const IMAGE = /\.(png|jpe?g|gif|webp|bmp|avif)$/i;
const suffixOf = (url: string) => /\.([a-z0-9]{1,10})$/i.exec(url)?.[1]?.toLowerCase() ?? 'file';

/** One picked file on its way up: its own progress, cancel and retry. */
function PendingFile({ file, context, topic, onDone, onDrop }: { file: File; context: RequestContext; topic?: string; onDone: (stored: UploadedFile) => void; onDrop: () => void }) {
  const { t } = useTranslation('uploads');
  const { state, start, cancel, retry } = useUpload({ context, topic, onDone });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void start(file);
  }, [file, start]);
  return (
    <li className="flex items-center gap-3 rounded-lg border border-black/10 px-3 py-2 dark:border-white/15" data-testid="file-upload-pending">
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

/**
 * Files and multi-file lists (antd face): drag and drop or pick, each file with progress
 * (2 decimals), cancel and retry; stored files with an image thumbnail or a suffix icon.
 */
export default function FileUpload({ value = [], onChange, context, topic, multiple = true, accept, cdnUrl, disabled }: FileUploadProps) {
  const { t } = useTranslation('uploads');
  const [pending, setPending] = useState<{ id: number; file: File }[]>([]);
  const [records, setRecords] = useState<UploadedFile[]>([]);
  const nextId = useRef(0);
  // Files finishing in the same moment must each see the other's result before the parent re-renders.
  const latest = useRef({ value, records });
  useEffect(() => {
    latest.current = { value, records };
  }, [value, records]);
  useEffect(() => {
    void loadNamespaces(['uploads']);
  }, []);
  const base = { cdnUrl, origin: window.location.origin };
  const commit = (urls: string[], files: UploadedFile[]) => {
    latest.current = { value: urls, records: files };
    setRecords(files);
    onChange?.(urls, files);
  };

  return (
    <div className="flex flex-col gap-2" data-testid="file-upload">
      <Upload.Dragger
        multiple={multiple}
        accept={accept}
        showUploadList={false}
        disabled={disabled}
        beforeUpload={(file) => {
          setPending((list) => [...(multiple ? list : []), { id: nextId.current++, file }]);
          return false;
        }}
      >
        <p className="py-2 text-sm opacity-70">{t('drop')}</p>
      </Upload.Dragger>
      <ul className="flex flex-col gap-2">
        {value.map((url) => (
          <li key={url} className="flex items-center gap-3 rounded-lg border border-black/10 px-3 py-2 dark:border-white/15" data-testid="file-upload-item">
            <img
              src={IMAGE.test(url) ? fullUrl(url, base) : suffixIconUrl(suffixOf(url), context, SUFFIX_BACKGROUND)}
              alt=""
              className="h-10 w-10 rounded object-cover"
            />
            <a href={fullUrl(url, base)} target="_blank" rel="noreferrer" className="min-w-0 flex-1 truncate text-sm">
              {records.find((r) => keptUrl(r) === url)?.name ?? url.split('/').pop()}
            </a>
            {!disabled && (
              <Button size="small" type="link" onClick={() => commit(value.filter((u) => u !== url), records.filter((r) => keptUrl(r) !== url))}>
                {t('remove')}
              </Button>
            )}
          </li>
        ))}
        {pending.map(({ id, file }) => (
          <PendingFile
            key={id}
            file={file}
            context={context}
            topic={topic}
            onDrop={() => setPending((list) => list.filter((p) => p.id !== id))}
            onDone={(stored) => {
              setPending((list) => list.filter((p) => p.id !== id));
              const url = keptUrl(stored);
              const now = latest.current;
              commit(multiple ? [...now.value.filter((u) => u !== url), url] : [url], [...now.records.filter((r) => keptUrl(r) !== url), stored]);
            }}
          />
        ))}
      </ul>
    </div>
  );
}
