import { defineConfig } from 'vitest/config';

/**
 * One runner, three projects. Server tests share one migrated template database per run
 * (see server/test/global-setup.ts) and each file gets its own copy.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contracts',
          root: 'packages/contracts',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: 'server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // The files share one module graph per worker: each imported the whole server anew
          // (~2 s a file, a third of the project's CPU). They keep no state between files: every
          // file builds its own app on its own database copy, and nothing is mocked (decision 059).
          isolate: false,
        },
      },
      {
        test: {
          name: 'web',
          root: 'web',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          environment: 'node',
          setupFiles: ['src/test-setup.ts'],
          // Route tests load lazy page modules; on a busy CI machine the first import can pass 5 s.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
