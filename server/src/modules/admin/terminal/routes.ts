import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AdminTerminalConfig } from '@framecraft/contracts/admin';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { noPermission } from '../../../shared/errors.ts';
import { validate } from '../../../shared/validation.ts';
import { requireAdmin } from '../../session/index.ts';
import { loadAccess } from '../core/access.ts';
import { adminLog } from '../tables.ts';
import { commandLine, PACKAGE_MANAGERS, type TerminalWhitelist } from './commands.ts';
import { runCommand, type RunOutcome } from './runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The web terminal's whitelist (key → program and arguments); tests may add entries. */
    terminalCommands: TerminalWhitelist;
  }
}

/** The protocol's fixed texts (conventions "Terminal stream"). */
export const TERMINAL_TEXT = {
  notAllowed: 'The command was not allowed to be executed',
  notSuper: 'You are not super administrator or not logged in',
  interactive: 'Interactive command was not allowed to be executed',
  busy: 'Another command is running on this server; try again when it has finished',
  production: 'The web terminal is turned off in production (setting terminalInProduction)',
  timeout: 'The command ran longer than its time limit and was stopped',
} as const;

const MARK = {
  linked: 'command-link-success',
  success: 'command-exec-success',
  error: 'command-exec-error',
  completed: 'command-exec-completed',
} as const;

const streamQuery = z.object({
  command: z.string().max(100).default(''),
  uuid: z.string().max(100).default(''),
  extend: z.string().max(500).default(''),
});

const configBody = z
  .object({
    manager: z.enum(PACKAGE_MANAGERS).optional(),
    phpDevelopmentServer: z.union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).optional(),
  })
  .strict();

/** Whether the admin of the request is a super admin (false for no or a bad token). */
async function isSuperAdmin(app: FastifyInstance, request: FastifyRequest): Promise<boolean> {
  try {
    await requireAdmin(request);
  } catch {
    return false;
  }
  return (await loadAccess(app.deps.db, request.admin!)).super;
}

async function terminalAllowedHere(app: FastifyInstance): Promise<boolean> {
  if (app.deps.env.NODE_ENV !== 'production') return true;
  return ['1', 'true'].includes(String(await app.siteConfig.get('terminalInProduction')));
}

/** The server-side terminal config, as the admin init call and the config dialog read it. */
export async function terminalConfig(app: FastifyInstance): Promise<AdminTerminalConfig> {
  const manager = String(await app.siteConfig.get('terminalPackageManager'));
  return {
    npmPackageManager: (PACKAGE_MANAGERS as readonly string[]).includes(manager) ? manager : 'pnpm',
    phpDevelopmentServer: ['1', 'true'].includes(String(await app.siteConfig.get('terminalPhpDevelopmentServer'))),
    // Keys of the npm registries the server can switch to (`set-npm-registry.<name>`).
    npmRegistries: [...app.terminalCommands.keys()].filter((k) => k.startsWith('set-npm-registry.')).map((k) => k.slice('set-npm-registry.'.length)),
  };
}

/**
 * `GET /admin/ajax/terminal` (spec §7, conventions "Terminal stream"): a super admin runs one
 * whitelisted command and reads its output as a server-sent event stream; `POST
 * /admin/ajax/changeTerminalConfig` stores the package manager and the development-server flag.
 * One command at a time per server (the process that serves the stream runs it).
 */
export function terminalRoutes(app: FastifyInstance) {
  let running: string | undefined;

  app.get('/admin/ajax/terminal', { config: { queryToken: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
    const query = streamQuery.safeParse(request.query);
    const { command: key, uuid, extend } = query.success ? query.data : { command: '', uuid: '', extend: '' };
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    const send = (data: string) => {
      if (!raw.writableEnded) raw.write(`data: ${JSON.stringify({ data, uuid, extend, key })}\n\n`);
    };
    const fail = (text: string) => {
      send(`Error:${text}`);
      send(MARK.error);
      raw.end();
    };

    let refusal: string | undefined;
    try {
      if (!(await isSuperAdmin(app, request))) refusal = TERMINAL_TEXT.notSuper;
      else if (!app.terminalCommands.has(key)) refusal = TERMINAL_TEXT.notAllowed;
      else if (!(await terminalAllowedHere(app))) refusal = TERMINAL_TEXT.production;
      else if (running) refusal = TERMINAL_TEXT.busy;
    } catch (err) {
      request.log.error({ err }, 'the terminal could not check the caller');
      refusal = TERMINAL_TEXT.notSuper;
    }
    if (refusal) return fail(refusal);
    const command = app.terminalCommands.get(key)!;
    running = key;

    const startedAt = Date.now();
    const abort = new AbortController();
    raw.on('close', () => abort.abort());
    const keepAlive = setInterval(() => raw.writableEnded || raw.write(': ping\n\n'), 15_000);
    let logId: number | undefined;
    let outcome: RunOutcome;
    try {
      const [log] = await app.deps.db
        .insert(adminLog)
        .values({
          adminId: request.admin!.id,
          username: request.admin!.username,
          // The path and the command, never the query's token.
          url: `/admin/ajax/terminal?command=${encodeURIComponent(key)}`.slice(0, 1500),
          title: `Terminal - ${key}`.slice(0, 100),
          data: { command: key, uuid, extend, line: commandLine(command) },
          ip: request.ip.slice(0, 50),
          useragent: String(request.headers['user-agent'] ?? '').slice(0, 255),
        })
        .returning({ id: adminLog.id });
      logId = log!.id;
      send(MARK.linked);
      send(commandLine(command));
      outcome = await runCommand(command, send, abort.signal);
    } catch (err) {
      // Not even started (the admin log could not be written): nothing runs unlogged.
      request.log.error({ err }, 'the terminal command could not start');
      outcome = { kind: 'spawn-error', message: 'The command could not be started' };
    } finally {
      running = undefined;
      clearInterval(keepAlive);
    }
    // The admin log holds the result before the stream says the run is over.
    const result = { ...outcome, durationMs: Date.now() - startedAt };
    await app.deps.db
      .update(adminLog)
      .set({ data: { command: key, uuid, extend, line: commandLine(command), result } })
      .where(eq(adminLog.id, logId ?? 0))
      .catch((err: unknown) => request.log.warn({ err }, 'writing the terminal result to the admin log failed'));
    if (outcome.kind === 'exit') {
      send(`exitCode: ${outcome.code}`);
      send(outcome.code === 0 ? MARK.success : MARK.error);
      send(MARK.completed);
      raw.end();
    } else if (outcome.kind === 'interactive') {
      fail(TERMINAL_TEXT.interactive);
    } else if (outcome.kind === 'timeout') {
      send(`Error:${TERMINAL_TEXT.timeout}`);
      send(MARK.error);
      send(MARK.completed);
      raw.end();
    } else if (outcome.kind === 'spawn-error') {
      send(`Error:${outcome.message}`);
      send(MARK.error);
      send(MARK.completed);
      raw.end();
    } else {
      raw.end();
    }
    request.log.info({ command: key, result }, 'terminal command finished');
  });

  app.post('/admin/ajax/changeTerminalConfig', { preHandler: requireAdmin }, async (request, reply) => {
    if (!(await loadAccess(app.deps.db, request.admin!)).super) throw noPermission();
    const body = validate(configBody, request.body ?? {}, request.lang);
    const changes: Record<string, unknown> = {};
    if (body.manager !== undefined) changes.terminalPackageManager = body.manager;
    if (body.phpDevelopmentServer !== undefined) changes.terminalPhpDevelopmentServer = [true, 1, '1'].includes(body.phpDevelopmentServer) ? 1 : 0;
    if (Object.keys(changes).length) await app.siteConfig.set(changes);
    return reply.ok<AdminTerminalConfig>(await terminalConfig(app), 'admin.crud.saved');
  });
}
