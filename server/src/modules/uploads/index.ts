/** Public API of uploads (attachments, Qiniu tokens, areas): other modules import only this. */
export { uploadRoutes } from './routes.ts';
export { releaseAttachment } from './service.ts';
export { seedAreas } from './area.ts';
// The back office's attachment page (admin/attachments) lists this table; the profile checks avatars in it.
export { attachment } from './tables.ts';
