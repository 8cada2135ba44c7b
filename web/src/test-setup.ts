import { loadClientPack } from '@framecraft/contracts/client-messages';

// The app loads the page language's client messages before its first render (main.tsx → initI18n);
// unit tests translate in both languages, so both packs are loaded up front.
await Promise.all([loadClientPack('en'), loadClientPack('zh-cn')]);
