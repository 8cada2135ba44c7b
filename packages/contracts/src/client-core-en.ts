import en from '../locales/en.json' with { type: 'json' };

/**
 * English client messages every page needs (requests, HTTP statuses, validation, …); the browser
 * loads only its own language's (see client-messages.ts). The form namespaces are client-forms-en.ts.
 */
export const clientCoreEn = en;
export type ClientCore = typeof clientCoreEn;
