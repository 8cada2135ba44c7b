/** Public API of the site settings (`app.siteConfig`, the mailer, the declared settings): other modules import only this. */
export { siteConfigPlugin } from './plugin.ts';
export { siteConfigRoutes } from './routes.ts';
export { sendMail } from './mailer.ts';
export { SECRET_SETTING_NAMES, SETTING_BY_NAME, SETTINGS, type SettingDefinition } from './settings.ts';
export { seedSettings } from './seed.ts';
// The back office's settings editor (admin/config) reads the rows through this, not the table.
export { storedSettings, type StoredSetting } from './stored.ts';
