import { HEADER, STORAGE_KEY, TERMINAL_DEFAULTS } from '@framecraft/contracts/constants';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { accessToken } from '../lib/request/session.ts';
import { rewriteAdminUrl } from '../lib/request/url.ts';
import {
  addTask as addToQueue,
  applyMessage,
  applyStreamError,
  deleteTask,
  initTasks,
  retryTask,
  startNext,
  toggleMessage,
  type MessageResult,
  type TaskStatus,
  type TerminalTask,
} from './terminal-queue.ts';

export { TASK_STATUS, type TaskStatus, type TerminalTask } from './terminal-queue.ts';

/** Terminal settings (spec §3). */
export interface TerminalSettings {
  show: boolean;
  showDot: boolean;
  taskList: TerminalTask[];
  packageManager: string;
  showConfig: boolean;
  automaticCleanupTask: '0' | '1';
  phpDevelopmentServer: boolean;
  npmRegistry: string;
  composerRegistry: string;
}

/** Only these persist locally (spec §3). */
export const PERSISTED_TERMINAL_FIELDS = ['showDot', 'taskList', 'automaticCleanupTask', 'npmRegistry', 'composerRegistry'] as const;

export const terminalDefaults: TerminalSettings = {
  show: false,
  showDot: false,
  taskList: [],
  packageManager: TERMINAL_DEFAULTS.packageManager,
  showConfig: false,
  automaticCleanupTask: TERMINAL_DEFAULTS.automaticCleanupTask,
  phpDevelopmentServer: false,
  // Not yet detected from the server.
  npmRegistry: 'unknown',
  composerRegistry: 'unknown',
};

interface TerminalStore extends TerminalSettings {
  /** Named npm registries the server can switch to (from the admin init call; not stored). */
  serverRegistries: string[];
  update(settings: Partial<TerminalSettings & { serverRegistries: string[] }>): void;
  /** Show or hide the panel; showing it turns the dot off. */
  toggle(show?: boolean): void;
  toggleConfig(show?: boolean): void;
  /** Add a whitelisted command (`group.sub`) to the queue and start the queue. */
  addTask(command: string, blockOnFailure?: boolean, extend?: string, callback?: (status: TaskStatus) => void): void;
  /** Add `<command>.<package manager>` (e.g. `install` → `install.pnpm`). */
  addTaskPM(command: string, blockOnFailure?: boolean, extend?: string, callback?: (status: TaskStatus) => void): void;
  retry(uuid: string): void;
  remove(uuid: string): boolean;
  toggleMessage(uuid: string): void;
  /** On init, tasks left Connecting or Executing become Unknown; the queue starts. */
  init(): void;
}

/** The panel's error display (set by the panel: the admin shell's notification). */
let notifyBlocked: () => void = () => undefined;
export function onTerminalBlocked(handler: () => void): void {
  notifyBlocked = handler;
}

/** The open stream: one task runs at a time. */
let source: { uuid: string; stream: EventSource } | undefined;

/** `GET /admin/ajax/terminal?command=&uuid=&extend=&batoken=&server=1` (spec §7, conventions "Terminal stream"). */
export function terminalStreamUrl(task: Pick<TerminalTask, 'command' | 'uuid' | 'extend'>): string {
  const params = new URLSearchParams({ command: task.command, uuid: task.uuid, extend: task.extend, [HEADER.adminToken]: accessToken('admin'), server: '1' });
  return `${rewriteAdminUrl('/admin/ajax/terminal')}?${params.toString()}`;
}

const newUuid = () =>
  typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export const useTerminalStore = create<TerminalStore>()(
  persist(
    (set, get) => {
      /** Apply a message result: new list, close, callback, next task (in that order). */
      const apply = (result: MessageResult) => {
        const task = result.callback && result.tasks.find((t) => t.uuid === result.callback!.uuid);
        set({ taskList: result.tasks });
        if (result.close) closeStream();
        if (result.callback) task?.callback?.(result.callback.status);
        if (result.startNext) startQueue();
      };

      const closeStream = () => {
        source?.stream.close();
        source = undefined;
      };

      const open = (task: TerminalTask) => {
        closeStream();
        const stream = new EventSource(terminalStreamUrl(task));
        source = { uuid: task.uuid, stream };
        stream.onmessage = (event: MessageEvent<string>) => {
          if (source?.stream !== stream) return;
          let message: { uuid?: unknown; data?: unknown };
          try {
            message = JSON.parse(event.data) as typeof message;
          } catch {
            return;
          }
          apply(applyMessage(get().taskList, message));
        };
        stream.onerror = () => {
          if (source?.stream !== stream) return;
          apply(applyStreamError(get().taskList, task.uuid));
        };
      };

      const startQueue = () => {
        const { tasks, start } = startNext(get().taskList);
        set({ taskList: tasks });
        if (start) open(start);
      };

      return {
        ...terminalDefaults,
        serverRegistries: [],
        update(settings) {
          set(settings);
        },
        toggle(show) {
          const next = show ?? !get().show;
          set(next ? { show: true, showDot: false } : { show: false });
        },
        toggleConfig(show) {
          set({ showConfig: show ?? !get().showConfig });
        },
        addTask(command, blockOnFailure = true, extend = '', callback) {
          const state = get();
          const result = addToQueue(
            { tasks: state.taskList, show: state.show, automaticCleanupTask: state.automaticCleanupTask },
            { uuid: newUuid(), createTime: Date.now(), command, blockOnFailure, extend, ...(callback ? { callback } : {}) },
          );
          set({ taskList: result.tasks, ...(result.showDot ? { showDot: true } : {}) });
          if (result.blocked) notifyBlocked();
          startQueue();
        },
        addTaskPM(command, blockOnFailure, extend, callback) {
          get().addTask(`${command}.${get().packageManager}`, blockOnFailure, extend, callback);
        },
        retry(uuid) {
          set({ taskList: retryTask(get().taskList, uuid) });
          startQueue();
        },
        remove(uuid) {
          const { tasks, deleted } = deleteTask(get().taskList, uuid);
          set({ taskList: tasks });
          startQueue();
          return deleted;
        },
        toggleMessage(uuid) {
          set({ taskList: toggleMessage(get().taskList, uuid) });
        },
        init() {
          set({ taskList: initTasks(get().taskList) });
          startQueue();
        },
      };
    },
    {
      name: STORAGE_KEY.terminal,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => Object.fromEntries(PERSISTED_TERMINAL_FIELDS.map((key) => [key, state[key]])) as Partial<TerminalSettings>,
    },
  ),
);
