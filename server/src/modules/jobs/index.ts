/** Public API of the job runner (decision 020): other modules import only from here. */
export { jobsPlugin } from './plugin.ts';
export { jobAdminRoutes } from './admin-routes.ts';
export { JobRunner } from './runner.ts';
export type { EnqueueOptions, JobContext, JobHandler, JobOptions } from './runner.ts';
export { JOB_STATES, type JobState } from './tables.ts';
