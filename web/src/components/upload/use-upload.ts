import { useCallback, useEffect, useRef, useState } from 'react';
import { isCancel, type RequestContext } from '../../lib/request';
import { uploadFile, type UploadedFile } from './upload-file.ts';

export type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; percent: number; file: File }
  | { phase: 'failed'; message: string; file: File }
  | { phase: 'done'; stored: UploadedFile; file: File };

/**
 * One upload at a time with progress, cancel and retry — what every upload widget shares.
 * Unmounting cancels a running upload.
 */
export function useUpload(options: { context: RequestContext; topic?: string; onDone?: (stored: UploadedFile) => void }) {
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async (file: File) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setState({ phase: 'uploading', percent: 0, file });
    try {
      const stored = await uploadFile(file, {
        context: latest.current.context,
        topic: latest.current.topic,
        signal: abort.signal,
        onProgress: ({ percent }) => setState({ phase: 'uploading', percent, file }),
      });
      setState({ phase: 'done', stored, file });
      latest.current.onDone?.(stored);
    } catch (error) {
      if (isCancel(error)) setState({ phase: 'idle' });
      else setState({ phase: 'failed', message: error instanceof Error ? error.message : String(error), file });
    }
  }, []);

  const cancel = useCallback(() => controller.current?.abort(), []);
  const retry = useCallback(() => {
    if (state.phase === 'failed') void start(state.file);
  }, [state, start]);
  return { state, start, cancel, retry };
}
