import { STORAGE_KEY, TERMINAL_DEFAULTS } from '@framecraft/contracts/constants';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Terminal task status (spec §4). */
export const TASK_STATUS = { waiting: 0, connecting: 1, executing: 2, success: 3, failed: 4, unknown: 5 } as const;
export type TaskStatus = (typeof TASK_STATUS)[keyof typeof TASK_STATUS];

/** A terminal task (spec §3). The callback does not survive a reload. */
export interface TerminalTask {
  uuid: string;
  createTime: number;
  status: TaskStatus;
  command: string;
  message: string[];
  showMessage: boolean;
  blockOnFailure: boolean;
  extend: string;
  callback?: (status: TaskStatus) => void;
}

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
  update(settings: Partial<TerminalSettings>): void;
}

export const useTerminalStore = create<TerminalStore>()(
  persist(
    (set) => ({
      ...terminalDefaults,
      update(settings) {
        set(settings);
      },
    }),
    {
      name: STORAGE_KEY.terminal,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => Object.fromEntries(PERSISTED_TERMINAL_FIELDS.map((key) => [key, state[key]])) as Partial<TerminalSettings>,
    },
  ),
);
