import { describe, expect, it, vi } from 'vitest';
import {
  addTask,
  applyMessage,
  applyStreamError,
  BLOCKED_ERROR,
  deleteTask,
  initTasks,
  nextTaskIndex,
  retryTask,
  startNext,
  TASK_STATUS as S,
  toggleMessage,
  type TaskStatus,
  type TerminalTask,
} from './terminal-queue.ts';

let n = 0;
function task(status: TaskStatus, values: Partial<TerminalTask> = {}): TerminalTask {
  n += 1;
  return { uuid: `t${n}`, createTime: n, status, command: 'version.node', message: [], showMessage: false, blockOnFailure: true, extend: '', ...values };
}
const statuses = (tasks: TerminalTask[]) => tasks.map((t) => t.status);

describe('spec §4: Waiting 0, Connecting 1, Executing 2, Success 3, Failed 4, Unknown 5', () => {
  it('has the spec numbers', () => {
    expect(S).toEqual({ waiting: 0, connecting: 1, executing: 2, success: 3, failed: 4, unknown: 5 });
  });
});

describe('spec §4: tasks run one at a time; the first Waiting task starts unless …', () => {
  it('the first Waiting task starts and becomes Connecting', () => {
    const list = [task(S.success), task(S.waiting), task(S.waiting)];
    expect(nextTaskIndex(list)).toBe(1);
    const { tasks, start } = startNext(list);
    expect(statuses(tasks)).toEqual([S.success, S.connecting, S.waiting]);
    expect(start?.uuid).toBe(list[1]!.uuid);
  });

  it('… an earlier task is Connecting or Executing (one at a time)', () => {
    expect(startNext([task(S.connecting), task(S.waiting)]).start).toBeUndefined();
    expect(startNext([task(S.executing), task(S.waiting)]).start).toBeUndefined();
  });

  it('… or an earlier Failed/Unknown task has blockOnFailure, which blocks the queue', () => {
    expect(nextTaskIndex([task(S.failed), task(S.waiting)])).toBe(-1);
    expect(nextTaskIndex([task(S.unknown), task(S.waiting)])).toBe(-1);
  });

  it('a Failed/Unknown task without blockOnFailure does not block', () => {
    expect(nextTaskIndex([task(S.failed, { blockOnFailure: false }), task(S.unknown, { blockOnFailure: false }), task(S.waiting)])).toBe(2);
  });

  it('a later running or failed task does not stop an earlier Waiting one', () => {
    expect(nextTaskIndex([task(S.waiting), task(S.failed)])).toBe(0);
  });

  it('nothing Waiting: nothing starts', () => {
    expect(startNext([task(S.success)]).start).toBeUndefined();
    expect(startNext([]).start).toBeUndefined();
  });
});

describe('spec §4: progress as server-sent events carrying uuid and data', () => {
  it('command-link-success means Executing', () => {
    const list = [task(S.connecting)];
    const r = applyMessage(list, { uuid: list[0]!.uuid, data: 'command-link-success' });
    expect(statuses(r.tasks)).toEqual([S.executing]);
    expect(r).toMatchObject({ close: false, startNext: false });
    expect(r.callback).toBeUndefined();
  });

  it('command-exec-success means Success', () => {
    const list = [task(S.executing)];
    const r = applyMessage(list, { uuid: list[0]!.uuid, data: 'command-exec-success' });
    expect(statuses(r.tasks)).toEqual([S.success]);
    expect(r.close).toBe(false);
  });

  it('command-exec-error means Failed, closes the stream and starts the next task', () => {
    const list = [task(S.executing)];
    const r = applyMessage(list, { uuid: list[0]!.uuid, data: 'command-exec-error' });
    expect(statuses(r.tasks)).toEqual([S.failed]);
    expect(r).toMatchObject({ close: true, startNext: true });
  });

  it('command-exec-completed closes the stream, runs the callback with Success and starts the next task', () => {
    const list = [task(S.success)];
    const r = applyMessage(list, { uuid: list[0]!.uuid, data: 'command-exec-completed' });
    expect(statuses(r.tasks)).toEqual([S.success]);
    expect(r).toMatchObject({ close: true, startNext: true, callback: { uuid: list[0]!.uuid, status: S.success } });
  });

  it('command-exec-completed marks a non-successful task Failed and calls back with Failed', () => {
    for (const status of [S.executing, S.connecting, S.failed]) {
      const list = [task(status)];
      const r = applyMessage(list, { uuid: list[0]!.uuid, data: 'command-exec-completed' });
      expect(statuses(r.tasks)).toEqual([S.failed]);
      expect(r.callback).toEqual({ uuid: list[0]!.uuid, status: S.failed });
    }
  });

  it('any other data is appended to the task output', () => {
    const list = [task(S.executing, { message: ['> node --version'] })];
    const r = applyMessage(list, { uuid: list[0]!.uuid, data: 'v20.20.2' });
    expect(r.tasks[0]!.message).toEqual(['> node --version', 'v20.20.2']);
    expect(r.tasks[0]!.status).toBe(S.executing);
  });

  it('messages for another uuid, or without data, change nothing', () => {
    const list = [task(S.executing)];
    expect(applyMessage(list, { uuid: 'other', data: 'x' }).tasks).toEqual(list);
    expect(applyMessage(list, { uuid: list[0]!.uuid }).tasks).toEqual(list);
  });
});

describe('spec §4: stream error, messages shown, retry, delete, init', () => {
  it('a stream error marks the running task Failed (callback with Failed, next task)', () => {
    const list = [task(S.executing), task(S.waiting)];
    const r = applyStreamError(list, list[0]!.uuid);
    expect(statuses(r.tasks)).toEqual([S.failed, S.waiting]);
    expect(r).toMatchObject({ close: true, startNext: true, callback: { status: S.failed } });
  });

  it('Failed or Unknown with blockOnFailure shows the task message', () => {
    const blocking = [task(S.executing)];
    expect(applyMessage(blocking, { uuid: blocking[0]!.uuid, data: 'command-exec-error' }).tasks[0]!.showMessage).toBe(true);
    expect(initTasks([task(S.executing)])[0]!.showMessage).toBe(true);
    const quiet = [task(S.executing, { blockOnFailure: false })];
    expect(applyMessage(quiet, { uuid: quiet[0]!.uuid, data: 'command-exec-error' }).tasks[0]!.showMessage).toBe(false);
    expect(initTasks([task(S.executing, { blockOnFailure: false })])[0]!.showMessage).toBe(false);
  });

  it('retry clears output and sets Waiting', () => {
    const list = [task(S.failed, { message: ['a', 'b'] })];
    const [retried] = retryTask(list, list[0]!.uuid);
    expect(retried).toMatchObject({ status: S.waiting, message: [] });
  });

  it('delete is allowed only when the task is not Connecting or Executing', () => {
    for (const status of [S.connecting, S.executing]) {
      const list = [task(status)];
      expect(deleteTask(list, list[0]!.uuid)).toEqual({ tasks: list, deleted: false });
    }
    for (const status of [S.waiting, S.success, S.failed, S.unknown]) {
      const list = [task(status), task(S.waiting)];
      const r = deleteTask(list, list[0]!.uuid);
      expect(r.deleted).toBe(true);
      expect(r.tasks).toEqual([list[1]]);
    }
  });

  it('on init, tasks left Connecting or Executing become Unknown', () => {
    expect(statuses(initTasks([task(S.connecting), task(S.executing), task(S.waiting), task(S.success), task(S.failed)]))).toEqual([
      S.unknown,
      S.unknown,
      S.waiting,
      S.success,
      S.failed,
    ]);
  });

  it('expand/collapse toggles showMessage', () => {
    const list = [task(S.success)];
    expect(toggleMessage(list, list[0]!.uuid)[0]!.showMessage).toBe(true);
  });
});

describe('spec §4: adding tasks', () => {
  const input = (command = 'version.node') => ({ uuid: `new-${command}`, createTime: 1, command });

  it('adds a Waiting task at the end with blockOnFailure on by default', () => {
    const callback = vi.fn();
    const r = addTask({ tasks: [], show: true, automaticCleanupTask: '0' }, { ...input(), callback });
    expect(r.tasks).toEqual([
      { uuid: 'new-version.node', createTime: 1, status: S.waiting, command: 'version.node', message: [], showMessage: false, blockOnFailure: true, extend: '', callback },
    ]);
    expect(r).toMatchObject({ showDot: false, blocked: false });
  });

  it('with the panel hidden the dot turns on', () => {
    expect(addTask({ tasks: [], show: false, automaticCleanupTask: '0' }, input()).showDot).toBe(true);
  });

  it(`hidden panel and a blocking failed task: '${BLOCKED_ERROR}'`, () => {
    expect(BLOCKED_ERROR).toBe('Newly added tasks will never start because they are blocked by failed tasks');
    expect(addTask({ tasks: [task(S.failed)], show: false, automaticCleanupTask: '1' }, input()).blocked).toBe(true);
    expect(addTask({ tasks: [task(S.unknown)], show: false, automaticCleanupTask: '1' }, input()).blocked).toBe(true);
    // Not when the panel is open, nor when the failed task does not block.
    expect(addTask({ tasks: [task(S.failed)], show: true, automaticCleanupTask: '1' }, input()).blocked).toBe(false);
    expect(addTask({ tasks: [task(S.failed, { blockOnFailure: false })], show: false, automaticCleanupTask: '1' }, input()).blocked).toBe(false);
  });

  it('with automatic cleanup equal to 1, successful tasks are removed whenever a task is added', () => {
    const list = [task(S.success), task(S.failed, { blockOnFailure: false }), task(S.success)];
    expect(statuses(addTask({ tasks: list, show: true, automaticCleanupTask: '1' }, input()).tasks)).toEqual([S.failed, S.waiting]);
    expect(statuses(addTask({ tasks: list, show: true, automaticCleanupTask: '0' }, input()).tasks)).toEqual([S.success, S.failed, S.success, S.waiting]);
  });
});
