import { describe, expect, it } from 'vitest';
import { precheckUpload } from './precheck.ts';

const rules = { maxSize: 1024, allowedSuffixes: 'jpg, PNG,zip', allowedMimeTypes: '' };
const file = (name: string, size: number, type = '') => ({ name, size, type });

describe('precheckUpload', () => {
  it('refuses a file without a name or with 0 bytes as incomplete', () => {
    expect(precheckUpload(file('', 10), rules)).toBe('upload.incomplete');
    expect(precheckUpload(file('empty.png', 0), rules)).toBe('upload.incomplete');
  });
  it('refuses a file over maxSize, and accepts one of exactly maxSize', () => {
    expect(precheckUpload(file('big.png', 1025), rules)).toBe('upload.sizeExceeded');
    expect(precheckUpload(file('edge.png', 1024, 'image/png'), rules)).toBeUndefined();
  });
  it('checks the suffix case-insensitively against the list, and a name without one', () => {
    expect(precheckUpload(file('photo.JPG', 10), rules)).toBeUndefined();
    expect(precheckUpload(file('script.exe', 10), rules)).toBe('upload.typeNotAllowed');
    expect(precheckUpload(file('noext', 10), rules)).toBe('upload.typeNotAllowed');
    expect(precheckUpload(file('.png', 10), rules)).toBe('upload.typeNotAllowed');
  });
  it('checks a known MIME type against the list (with wildcards); an unknown type is left to the server', () => {
    const typed = { ...rules, allowedMimeTypes: 'image/*,application/zip' };
    expect(precheckUpload(file('a.png', 10, 'image/png'), typed)).toBeUndefined();
    expect(precheckUpload(file('a.zip', 10, 'application/zip'), typed)).toBeUndefined();
    expect(precheckUpload(file('a.zip', 10, 'application/x-msdownload'), typed)).toBe('upload.typeNotAllowed');
    expect(precheckUpload(file('a.zip', 10, ''), typed)).toBeUndefined();
  });
});
