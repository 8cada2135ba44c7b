// Lint: correctness rules that the type checker does not cover, React's hook rules, and the one-way
// import flow of ARCHITECTURE.md (shared → features → app on the web; shared → modules → app on the server).
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import { importZones } from './scripts/eslint/import-zones.js';
import { moduleBoundaries } from './scripts/eslint/module-boundaries.js';

const webFeatures = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.tmp/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { framecraft: { rules: { 'import-zones': importZones, 'module-boundaries': moduleBoundaries } } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // The classic hook rules; the React Compiler's stricter checks (refs during render) would flag
      // the deliberate render-time caches of the keep-alive outlet and the progress bar.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // The whole pack carries the server-only namespaces (admin, catalogue) in both languages.
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@framecraft/contracts/messages', message: 'The browser translates with @framecraft/contracts/client-messages.' }] },
      ],
      'framecraft/import-zones': [
        'error',
        {
          zones: [
            // Shared building blocks never reach into features or the app shell.
            ...['components', 'lib', 'stores', 'utils'].map((dir) => ({
              target: `./web/src/${dir}`,
              from: ['./web/src/features', './web/src/app'],
              message: 'Shared code must not depend on features or the app shell.',
            })),
            // Features never import the app shell, nor each other.
            { target: './web/src/features', from: './web/src/app', message: 'Features must not depend on the app shell.' },
            ...webFeatures.map((feature) => ({
              target: `./web/src/features/${feature}`,
              from: './web/src/features',
              except: [`./${feature}`],
              message: 'Features must not import each other; move what they share to components/, lib/ or stores/.',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      // Another module is reached only through its index.ts, never through the aggregate schema (decision 033).
      'framecraft/module-boundaries': ['error', { modules: './server/src/modules', schema: './server/src/db/schema.ts' }],
    },
  },
  {
    // The one schema re-exports every feature's tables; tests may set up and check rows and use test kits.
    files: ['server/src/db/schema.ts', 'server/**/*.test.ts', 'server/**/test-kit.ts', 'server/test/**'],
    rules: { 'framecraft/module-boundaries': ['error', { modules: './server/src/modules', allow: ['tables.ts', 'test-kit.ts'] }] },
  },
  {
    files: ['server/src/**/*.ts'],
    rules: {
      'no-console': 'off',
      'framecraft/import-zones': [
        'error',
        {
          zones: [
            { target: './server/src/shared', from: ['./server/src/modules', './server/src/plugins', './server/src/app.ts'], message: 'shared/ is used by everything and uses nothing above it.' },
            { target: './server/src/modules', from: './server/src/app.ts', message: 'Modules are registered by app.ts, never the other way round.' },
          ],
        },
      ],
    },
  },
  {
    // Large SDKs most shops never use load on first use with import() (decision 056): a static
    // import would put them in every server's start-up and idle memory. Types may be imported.
    files: ['server/src/**/*.ts'],
    ignores: ['server/**/*.test.ts', 'server/**/test-kit.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['stripe', 'alipay-sdk', 'wechatpay-axios-plugin', 'exceljs'].map((name) => ({
            name,
            allowTypeImports: true,
            message: 'Load it on first use with `await import()` (decision 056); `import type` is fine.',
          })),
        },
      ],
    },
  },
  { files: ['scripts/**', 'tests/**', '**/*.test.ts', '**/test/**', '**/*.config.ts', 'server/build.mjs'], rules: { 'no-console': 'off' } },
);
