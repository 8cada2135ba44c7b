import { QINIU, type QiniuRegion } from '@framecraft/contracts/constants';

/** The caller's part of a cloud upload that spec §5 "Cloud upload" constrains. */
export interface CloudUploadInput {
  size: number;
  /** `x:` custom variables, returned in the upload's answer. */
  customVars?: Record<string, string>;
  /** `x-qn-meta-` metadata stored with the object. */
  metadata?: Record<string, string>;
  /** Resumable chunk size in MB. */
  chunkSizeMb?: number;
  region?: string;
}

/**
 * The first rule the input breaks, as a message key of the `uploads` namespace, or undefined.
 * Checked before the file is hashed, so a bad call fails at once (qiniu-js checks the same again).
 */
export function checkCloudUpload(input: CloudUploadInput): string | undefined {
  if (input.size > QINIU.maxFileBytes) return 'uploads.qiniu.fileTooLarge';
  if (input.customVars && !Object.keys(input.customVars).every((key) => key.startsWith('x:'))) return 'uploads.qiniu.customVars';
  if (input.metadata && !Object.keys(input.metadata).every((key) => key.startsWith('x-qn-meta-'))) return 'uploads.qiniu.metadata';
  if (input.chunkSizeMb !== undefined) {
    if (!Number.isInteger(input.chunkSizeMb) || input.chunkSizeMb <= 0) return 'uploads.qiniu.chunkSizeInteger';
    if (input.chunkSizeMb > QINIU.maxChunkSizeMb) return 'uploads.qiniu.chunkSizeMax';
  }
  if (input.region !== undefined && !isRegion(input.region)) return 'uploads.qiniu.region';
  return undefined;
}

export const isRegion = (value: string): value is QiniuRegion => (QINIU.regions as readonly string[]).includes(value);

/**
 * Spec §5: a token has at least 2 colon-separated parts and its last part is a JSON policy with
 * a scope. Answers the bucket, or undefined for a malformed token.
 */
export function bucketOfToken(token: string): string | undefined {
  const parts = token.split(':');
  if (parts.length < 2) return undefined;
  try {
    const base64 = parts[parts.length - 1]!.replace(/-/g, '+').replace(/_/g, '/');
    const policy = JSON.parse(atob(base64)) as { scope?: unknown };
    return typeof policy.scope === 'string' && policy.scope ? policy.scope.split(':')[0] : undefined;
  } catch {
    return undefined;
  }
}
