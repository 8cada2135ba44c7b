import { z } from 'zod';

/**
 * zod for the contracts. In the browser its compiled fast path is off: it probes `new Function`,
 * which the pages' Content-Security-Policy (no 'unsafe-eval', decision 029) reports as a violation.
 * The setting is read when a schema is built, so every contracts module imports zod from here.
 */
if (typeof (globalThis as { window?: unknown }).window !== 'undefined') z.config({ jitless: true });

export { z };
