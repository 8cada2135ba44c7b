import { QINIU } from '@framecraft/contracts/constants';
import { translate } from '@framecraft/contracts/messages';
import { describe, expect, it } from 'vitest';
import { messageKeyOf } from './errors.ts';
import { bucketOfToken, checkCloudUpload } from './validate.ts';

describe('cloud upload rules (spec §5)', () => {
  it('accepts up to 10 000 GB, refuses more', () => {
    expect(checkCloudUpload({ size: QINIU.maxFileBytes })).toBeUndefined();
    expect(checkCloudUpload({ size: QINIU.maxFileBytes + 1 })).toBe('uploads.qiniu.fileTooLarge');
  });

  it('wants x: custom variables and x-qn-meta- metadata', () => {
    expect(checkCloudUpload({ size: 1, customVars: { 'x:course': '7' }, metadata: { 'x-qn-meta-owner': 'me' } })).toBeUndefined();
    expect(checkCloudUpload({ size: 1, customVars: { course: '7' } })).toBe('uploads.qiniu.customVars');
    expect(checkCloudUpload({ size: 1, customVars: { 'x:a': '1', y: '2' } })).toBe('uploads.qiniu.customVars');
    expect(checkCloudUpload({ size: 1, metadata: { 'x-meta-owner': 'me' } })).toBe('uploads.qiniu.metadata');
  });

  it('wants a chunk size that is a whole number of MB from 1 to 1024, and a known region', () => {
    for (const ok of [1, 4, 1024]) expect(checkCloudUpload({ size: 1, chunkSizeMb: ok })).toBeUndefined();
    for (const bad of [0, -4, 2.5, Number.NaN]) expect(checkCloudUpload({ size: 1, chunkSizeMb: bad })).toBe('uploads.qiniu.chunkSizeInteger');
    expect(checkCloudUpload({ size: 1, chunkSizeMb: 1025 })).toBe('uploads.qiniu.chunkSizeMax');
    for (const region of QINIU.regions) expect(checkCloudUpload({ size: 1, region })).toBeUndefined();
    expect(checkCloudUpload({ size: 1, region: 'z9' })).toBe('uploads.qiniu.region');
  });

  it('reads the bucket of a token (2+ colon parts, JSON policy with a scope) and refuses malformed ones', () => {
    const policy = (p: unknown) => btoa(JSON.stringify(p)).replace(/\+/g, '-').replace(/\//g, '_');
    expect(bucketOfToken(`AK:sign:${policy({ scope: 'media:storage/a.mp4', deadline: 1 })}`)).toBe('media');
    expect(bucketOfToken(`AK:${policy({ scope: 'media' })}`)).toBe('media');
    expect(bucketOfToken('just-one-part')).toBeUndefined();
    expect(bucketOfToken(`AK:sign:${policy({ deadline: 1 })}`)).toBeUndefined();
    expect(bucketOfToken('AK:sign:not-json')).toBeUndefined();
  });

  it('every key has a text in both languages, and qiniu-js errors map to them', () => {
    const keys = ['fileTooLarge', 'customVars', 'metadata', 'chunkSizeInteger', 'chunkSizeMax', 'invalidToken', 'noHost', 'region'];
    for (const key of keys) {
      expect(translate('en', `uploads.qiniu.${key}`)).not.toBe(`uploads.qiniu.${key}`);
      expect(translate('zh-cn', `uploads.qiniu.${key}`)).not.toBe(translate('en', `uploads.qiniu.${key}`));
    }
    expect(messageKeyOf({ name: 'InvalidChunkSize', message: 'chunkSize maximum value is 1024' })).toBe('uploads.qiniu.chunkSizeMax');
    expect(messageKeyOf({ name: 'InvalidChunkSize', message: 'chunkSize must be a positive integer' })).toBe('uploads.qiniu.chunkSizeInteger');
    expect(messageKeyOf({ name: 'InvalidMetadata' })).toBe('uploads.qiniu.metadata');
    expect(messageKeyOf({ name: 'RequestError' })).toBe('upload.failed');
    expect(translate('en', messageKeyOf({ name: 'FileReaderReadFailed' }))).toBe('File read failed');
  });
});
