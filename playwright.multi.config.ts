import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * Several instances (issue 22, decision 048): tests/multi/global-setup.ts starts one PostgreSQL
 * database, three built servers on it with the shared Redis, and HAProxy round-robin in front;
 * a subset of the journeys and the multi-instance and fault checks run against the balancer.
 * Needs `npm run build` first, PostgreSQL on 127.0.0.1:5432, Redis on 6379 and /usr/sbin/haproxy.
 */
export default defineConfig({
  ...base,
  testDir: 'tests',
  testMatch: [
    // Journeys through the balancer: checkout (sandbox and balance), purchases, downloads, refunds,
    // top-up, VIP. (The item editor's journey, with its video upload, runs on one instance only: the
    // admin edit is checked in multi/instances.spec.ts.)
    'e2e/commerce.spec.ts',
    'e2e/member-money.spec.ts',
    'multi/instances.spec.ts',
    'multi/faults.spec.ts',
  ],
  globalSetup: './tests/multi/global-setup.ts',
});
