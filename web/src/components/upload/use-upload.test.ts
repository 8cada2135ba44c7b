import { describe, expect, it } from 'vitest';
import { RequestError } from '../../lib/request';
import { isRetryable } from './use-upload.ts';

describe('isRetryable', () => {
  const url = '/api/ajax/upload';
  it('offers a retry when the way to the server failed', () => {
    expect(isRetryable(new RequestError('network', 'Upload failed', { url }))).toBe(true);
    expect(isRetryable(new RequestError('timeout', 'Timed out', { url }))).toBe(true);
    expect(isRetryable(new RequestError('http', 'Upload failed', { url, status: 502 }))).toBe(true);
    expect(isRetryable(new RequestError('http', 'Upload failed', { url, status: 429 }))).toBe(true);
    expect(isRetryable(new RequestError('http', 'Upload failed', { url }))).toBe(true);
    expect(isRetryable(new Error('disk read failed'))).toBe(true);
  });

  it('offers none when the file itself was refused', () => {
    expect(isRetryable(new RequestError('code', 'File type not allowed', { url }))).toBe(false);
    expect(isRetryable(new RequestError('http', 'Upload failed', { url, status: 413 }))).toBe(false);
    expect(isRetryable(new RequestError('http', 'Upload failed', { url, status: 403 }))).toBe(false);
  });
});
