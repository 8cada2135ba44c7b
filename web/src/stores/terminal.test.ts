import '../lib/request/testing/memory-storage.ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TASK_STATUS, terminalDefaults, useTerminalStore } from './terminal.ts';

const task = {
  uuid: 'u1',
  createTime: 1_700_000_000,
  status: TASK_STATUS.failed,
  command: 'install.pnpm',
  message: ['> pnpm install', 'exitCode: 1'],
  showMessage: true,
  blockOnFailure: true,
  extend: '',
};

const changed = {
  show: true,
  showDot: true,
  taskList: [task],
  packageManager: 'npm',
  showConfig: true,
  automaticCleanupTask: '0' as const,
  phpDevelopmentServer: true,
  npmRegistry: 'taobao',
  composerRegistry: 'aliyun',
};

/** A page reload: the module is evaluated afresh and reads what was stored. */
async function reload() {
  vi.resetModules();
  return (await import('./terminal.ts')).useTerminalStore.getState();
}

beforeEach(() => {
  localStorage.clear();
  useTerminalStore.setState(terminalDefaults);
});

describe('terminal settings', () => {
  it('start with the spec defaults: pnpm, cleanup on', () => {
    expect(useTerminalStore.getState()).toMatchObject({ packageManager: 'pnpm', automaticCleanupTask: '1', show: false, taskList: [] });
  });

  it('store only showDot, taskList, automaticCleanupTask, npmRegistry and composerRegistry under storeTerminal', () => {
    useTerminalStore.getState().update(changed);
    const stored = JSON.parse(localStorage.getItem('storeTerminal')!) as { state: Record<string, unknown> };
    expect(Object.keys(stored.state).sort()).toEqual(['automaticCleanupTask', 'composerRegistry', 'npmRegistry', 'showDot', 'taskList']);
    expect(stored.state).toEqual({ showDot: true, taskList: [task], automaticCleanupTask: '0', npmRegistry: 'taobao', composerRegistry: 'aliyun' });
  });

  it('after a reload the five come back and the rest are defaults again', async () => {
    useTerminalStore.getState().update(changed);
    const reloaded = await reload();
    expect(reloaded).toMatchObject({
      showDot: true,
      taskList: [task],
      automaticCleanupTask: '0',
      npmRegistry: 'taobao',
      composerRegistry: 'aliyun',
      show: false,
      packageManager: 'pnpm',
      showConfig: false,
      phpDevelopmentServer: false,
    });
  });
});
