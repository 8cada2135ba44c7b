/**
 * React 18+ has `useSyncExternalStore` built in; the `use-sync-external-store/shim` package that
 * react-i18next (and the with-selector helper) still import only re-implements it for React 16/17.
 * The build points that import here (web/vite.config.ts), so the first load ships no copy of it.
 */
export { useSyncExternalStore } from 'react';
