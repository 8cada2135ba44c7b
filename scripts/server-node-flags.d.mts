/** Node flags the server process is started with (npm start, benchmarks): see server-node-flags.mjs. */
export function serverNodeFlags(env: NodeJS.ProcessEnv): string[];
/** The server's environment: the given one, plus glibc malloc tuning on the embedded database. */
export function serverProcessEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
