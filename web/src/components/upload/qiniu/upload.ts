import { translate } from '@framecraft/contracts/client-messages';
import { request, RequestError, type RequestContext } from '../../../lib/request';
import { getLanguage } from '../../../stores/language.ts';
import type { UploadedFile, UploadOptions } from '../upload-file.ts';
import { percentOf } from '../progress.ts';
import { qiniuConfig, type QiniuToken } from './config.ts';
import { messageKeyOf } from './errors.ts';
import { sha1OfFile } from './hash.ts';
import { checkCloudUpload } from './validate.ts';

export interface QiniuUploadOptions extends UploadOptions {
  customVars?: Record<string, string>;
  metadata?: Record<string, string>;
  chunkSizeMb?: number;
}

const base = (context: RequestContext) => (context === 'admin' ? '/admin' : '/api');
const failure = (key: string, url = '') => new RequestError('http', translate(getLanguage(), key), { url });
/** The file itself breaks a rule: sending it again cannot help (see isRetryable). */
const refused = (key: string) => new RequestError('code', translate(getLanguage(), key), { url: '' });
const cancelled = () => new RequestError('cancel', '', { url: '' });

/**
 * Uploads straight to the Qiniu bucket (spec §4 "Upload mode", §8, §9): hash the file in 50 MB
 * slices, get a token for its key, let qiniu-js (loaded only now) pick the form upload (≤ 4 MB) or
 * the resumable multipart upload with retries, host freezing and cached progress, then record it
 * with `…/Qiniu/callback` — whose failure is only logged (spec §7).
 */
export async function uploadToQiniu(file: File, options: QiniuUploadOptions): Promise<UploadedFile> {
  const invalid = checkCloudUpload({ size: file.size, customVars: options.customVars, metadata: options.metadata, chunkSizeMb: options.chunkSizeMb });
  if (invalid) throw refused(invalid);
  if (!file.name || file.size === 0) throw refused('upload.incomplete');
  const sha1 = await sha1OfFile(file, { signal: options.signal }).catch((error: unknown) => {
    throw options.signal?.aborted ? cancelled() : failure('upload.readFailed', String(error));
  });
  const token = await fetchToken(file, sha1, options);
  const { upload } = await import('qiniu-js');
  options.signal?.throwIfAborted();

  await new Promise<void>((resolve, reject) => {
    const observable = upload(
      file,
      token.key,
      token.token,
      { fname: file.name, mimeType: file.type || undefined, customVars: options.customVars, metadata: options.metadata },
      qiniuConfig(token, options.chunkSizeMb),
    );
    const subscription = observable.subscribe({
      next: ({ total }) => options.onProgress?.({ loaded: total.loaded, total: total.size, percent: percentOf(total.loaded, total.size) }),
      error: (error) => {
        options.signal?.removeEventListener('abort', abort);
        reject(failure(messageKeyOf(error)));
      },
      complete: () => {
        options.signal?.removeEventListener('abort', abort);
        resolve();
      },
    });
    const abort = () => {
      subscription.unsubscribe();
      reject(cancelled());
    };
    options.signal?.addEventListener('abort', abort, { once: true });
  });

  const record = { url: `${token.domain.replace(/\/+$/, '')}/${token.key}`, name: file.name, size: file.size, type: file.type, sha1, topic: options.topic ?? 'default', ...(options.private ? { private: '1' } : {}) };
  try {
    const answer = await request<{ file: UploadedFile } | null>({ url: `${base(options.context)}/Qiniu/callback`, method: 'POST', data: record, context: options.context, showErrorMessage: false });
    if (answer.data?.file) return answer.data.file;
  } catch (error) {
    console.warn('Qiniu callback failed', error);
  }
  return { id: 0, topic: record.topic, url: `/${token.key}`, full_url: record.url, name: file.name, size: file.size, mimetype: file.type, suffix: file.name.split('.').pop()?.toLowerCase() ?? '', sha1, width: 0, height: 0, storage: 'qiniu' };
}

async function fetchToken(file: File, sha1: string, options: QiniuUploadOptions): Promise<QiniuToken> {
  const url = `${base(options.context)}/Qiniu/getToken`;
  try {
    const answer = await request<QiniuToken>({
      url,
      params: { name: file.name, size: file.size, sha1, topic: options.topic, ...(options.private ? { private: '1' } : {}) },
      context: options.context,
      signal: options.signal,
      showErrorMessage: false,
    });
    if (answer.data?.token && answer.data.key) return answer.data;
  } catch (error) {
    if (error instanceof RequestError && error.kind === 'cancel') throw error;
    // The server's reason (type not allowed, too large) when it gave one.
    if (error instanceof RequestError && error.kind === 'code' && error.message) throw error;
  }
  throw failure('upload.tokenFailed', url);
}
