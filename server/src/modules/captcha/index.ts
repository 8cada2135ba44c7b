/** Public API of the click captcha: other modules import only this. */
export { captchaPlugin } from './plugin.ts';
export { captchaRoutes } from './routes.ts';
export { captchaFields } from './schema.ts';
