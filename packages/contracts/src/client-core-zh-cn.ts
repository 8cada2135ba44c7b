import zhCn from '../locales/zh-cn.json' with { type: 'json' };
import type { ClientCore } from './client-core-en.ts';

/** Chinese client messages every page needs (see client-core-en.ts), shaped like the English ones. */
export const clientCoreZhCn: ClientCore = zhCn;
