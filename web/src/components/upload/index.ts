import { lazy } from 'react';

/** Lazily loaded (antd stays out of the storefront bundle). Props: see ImageUploadProps. */
export const ImageUpload = lazy(() => import('./image-upload.tsx'));
export type { ImageUploadProps } from './image-upload.tsx';
/** Files and multi-file lists, lazily loaded like ImageUpload. Props: see FileUploadProps. */
export const FileUpload = lazy(() => import('./file-upload.tsx'));
export type { FileUploadProps } from './file-upload.tsx';
export { uploadFile, keptUrl, percentOf, type UploadedFile, type UploadOptions, type UploadProgress } from './upload-file.ts';
