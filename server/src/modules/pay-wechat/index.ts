/** Public API of pay-wechat (WeChat Pay API v3 provider, decision 035): other modules import only this. */
export { wechatPayRoutes } from './routes.ts';
export { wechatProvider } from './provider.ts';
