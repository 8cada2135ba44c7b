import { useCallback, useEffect, useRef, useState } from 'react';
import { translate } from '@framecraft/contracts/client-messages';
import { isCancel, isRequestError, type RequestContext } from '../../lib/request';
import { getLanguage } from '../../stores/language.ts';
import { toast } from '../toast.tsx';
import { uploadFile, type UploadedFile } from './upload-file.ts';

export type UploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; percent: number; file: File }
  | { phase: 'failed'; message: string; file: File; retryable: boolean }
  | { phase: 'done'; stored: UploadedFile; file: File };

/**
 * Whether sending the same file again could succeed: not when the file itself was refused (type
 * not allowed, too large, incomplete — an answer with an error code, or a 4xx other than a
 * timeout or rate limit), only when the way there failed (network, timeout, 5xx).
 */
export function isRetryable(error: unknown): boolean {
  if (!isRequestError(error)) return true;
  if (error.kind === 'code') return false;
  const status = error.status ?? 0;
  return !(status >= 400 && status < 500 && status !== 408 && status !== 429);
}

/**
 * One upload at a time with progress, cancel and retry — what every upload widget shares —
 * with the spec's 'upload successful' / failure toasts (spec §8), local or cloud, admin or member.
 * Unmounting cancels a running upload.
 */
export function useUpload(options: { context: RequestContext; topic?: string; private?: boolean; onDone?: (stored: UploadedFile) => void }) {
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
        private: latest.current.private,
        signal: abort.signal,
        onProgress: ({ percent }) => setState({ phase: 'uploading', percent, file }),
      });
      setState({ phase: 'done', stored, file });
      toast.success(translate(getLanguage(), 'upload.successful'));
      latest.current.onDone?.(stored);
    } catch (error) {
      if (isCancel(error)) {
        setState({ phase: 'idle' });
        return;
      }
      const message = error instanceof Error && error.message ? error.message : translate(getLanguage(), 'upload.failed');
      // Spec §8: the failure as a toast too, besides the message beside the file.
      toast.error(message);
      setState({ phase: 'failed', message, file, retryable: isRetryable(error) });
    }
  }, []);

  const cancel = useCallback(() => controller.current?.abort(), []);
  const retry = useCallback(() => {
    if (state.phase === 'failed' && state.retryable) void start(state.file);
  }, [state, start]);
  return { state, start, cancel, retry };
}
