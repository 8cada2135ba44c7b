import { CODE, HEADER } from '@framecraft/contracts/constants';
import type { Envelope } from '@framecraft/contracts/envelope';
import { translate } from '@framecraft/contracts/client-messages';
import { RequestError, type RequestContext } from '../../lib/request';
import { getEnvironment } from '../../lib/request/config.ts';
import { refreshOnce } from '../../lib/request/refresh.ts';
import { accessToken } from '../../lib/request/session.ts';
import { rewriteAdminUrl } from '../../lib/request/url.ts';
import { getLanguage } from '../../stores/language.ts';
import { useSiteConfig } from '../../stores/site-config.ts';
import { percentOf } from './progress.ts';
import { precheckUpload } from './precheck.ts';

/** The stored file as the server answers it (conventions "Uploads"). */
export interface UploadedFile {
  id: number;
  topic: string;
  url: string;
  full_url: string;
  name: string;
  size: number;
  mimetype: string;
  suffix: string;
  sha1: string;
  width: number;
  height: number;
  /** 'local' or the cloud ('qiniu'). */
  storage?: string;
}

/**
 * The URL a form keeps for an upload: relative for our own storage (the full-URL rule adds the
 * CDN or origin), the full bucket URL for cloud files, which live on another domain.
 */
export const keptUrl = (file: UploadedFile) => (file.storage && file.storage !== 'local' ? file.full_url : file.url);

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0–100 with 2 decimals (spec §3). */
  percent: number;
}

export interface UploadOptions {
  /** Which upload endpoint and token: the member's (`/api`) or the admin's (`/admin`). */
  context: RequestContext;
  topic?: string;
  /** Admin uploads only: store in the private root / bucket (paid files and lesson videos, decision 024). */
  private?: boolean;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

export { percentOf };

/**
 * One upload, to wherever the site stores files, after the browser-side checks of the site's
 * upload rules (size, suffix, MIME type, empty file): straight to Qiniu when the upload mode is not
 * local (that code and qiniu-js load only then), else to our server.
 */
export async function uploadFile(file: File, options: UploadOptions): Promise<UploadedFile> {
  const { upload } = useSiteConfig.getState();
  const refused = precheckUpload(file, upload);
  // The file itself breaks a rule: refused before sending (kind 'code': no retry offered).
  if (refused) throw new RequestError('code', translate(getLanguage(), refused), { url: endpoint(options.context) });
  if (upload.mode !== 'local') {
    const { uploadToQiniu } = await import('./qiniu/upload.ts');
    return uploadToQiniu(file, options);
  }
  return uploadLocal(file, options);
}

/**
 * A local upload (spec §7: multipart `file`, no timeout). XMLHttpRequest because fetch reports
 * no upload progress; headers and the 409 token refresh follow the request layer's rules.
 */
async function uploadLocal(file: File, options: UploadOptions): Promise<UploadedFile> {
  const first = await send(file, options);
  if (first.code === CODE.tokenExpired && (await refreshOnce(options.context)) === 'refreshed') {
    return unwrap(await send(file, options), options);
  }
  return unwrap(first, options);
}

function endpoint(context: RequestContext): string {
  return context === 'admin' ? rewriteAdminUrl('/admin/ajax/upload') : '/api/ajax/upload';
}

function unwrap(envelope: Envelope<{ file: UploadedFile }>, options: UploadOptions): UploadedFile {
  if (envelope.code === CODE.success && envelope.data) return envelope.data.file;
  const message = envelope.msg || translate(getLanguage(), 'upload.failed');
  throw new RequestError('code', message, { url: endpoint(options.context), envelope });
}

function send(file: File, options: UploadOptions): Promise<Envelope<{ file: UploadedFile }>> {
  const url = endpoint(options.context);
  const lang = getLanguage();
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(new RequestError('cancel', '', { url }));
    const xhr = new XMLHttpRequest();
    const params = new URLSearchParams();
    if (options.topic) params.set('topic', options.topic);
    if (options.private) params.set('private', '1');
    const query = params.size ? `?${params}` : '';
    xhr.open('POST', `${getEnvironment().baseUrl ?? ''}${url}${query}`);
    xhr.setRequestHeader(HEADER.lang, lang);
    xhr.setRequestHeader(HEADER.server, 'true');
    xhr.setRequestHeader(options.context === 'admin' ? HEADER.adminToken : HEADER.userToken, accessToken(options.context));
    xhr.upload.onprogress = (event) => {
      const total = event.lengthComputable ? event.total : file.size;
      options.onProgress?.({ loaded: event.loaded, total, percent: percentOf(event.loaded, total) });
    };
    const abort = () => xhr.abort();
    options.signal?.addEventListener('abort', abort, { once: true });
    const done = () => options.signal?.removeEventListener('abort', abort);
    xhr.onabort = () => {
      done();
      reject(new RequestError('cancel', '', { url }));
    };
    xhr.onerror = () => {
      done();
      reject(new RequestError('network', translate(lang, 'upload.failed'), { url }));
    };
    xhr.onload = () => {
      done();
      try {
        resolve(JSON.parse(xhr.responseText) as Envelope<{ file: UploadedFile }>);
      } catch (cause) {
        reject(new RequestError('http', translate(lang, 'upload.failed'), { url, status: xhr.status, cause }));
      }
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
