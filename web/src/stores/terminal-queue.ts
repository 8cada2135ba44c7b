/**
 * The web terminal's task queue rules (spec §4 "Terminal task status", conventions "Readings"):
 * pure functions over the task list. The store (terminal.ts) applies what they return and does the
 * side effects they name: open or close the event stream, run a callback, show the error.
 */

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

/** The stream's special data values (spec §4, conventions "Terminal stream"). */
export const STREAM_MARK = {
  linked: 'command-link-success',
  success: 'command-exec-success',
  error: 'command-exec-error',
  completed: 'command-exec-completed',
} as const;

/** The spec's error text (its key in the admin language pack is `terminal.blocked`). */
export const BLOCKED_ERROR = 'Newly added tasks will never start because they are blocked by failed tasks';

const { waiting, connecting, executing, success, failed, unknown } = TASK_STATUS;
const isRunning = (task: TerminalTask) => task.status === connecting || task.status === executing;
const isFailedOrUnknown = (task: TerminalTask) => task.status === failed || task.status === unknown;
/** Only a Failed/Unknown task with blockOnFailure blocks the queue (conventions "Readings"). */
export const isBlocking = (task: TerminalTask) => isFailedOrUnknown(task) && task.blockOnFailure;

/**
 * Set a task's status. Failed or Unknown with blockOnFailure shows the task's message (its output
 * is expanded in the panel).
 */
export function withStatus(task: TerminalTask, status: TaskStatus): TerminalTask {
  const next = { ...task, status };
  if ((status === failed || status === unknown) && task.blockOnFailure) next.showMessage = true;
  return next;
}

function replaceAt(tasks: readonly TerminalTask[], index: number, task: TerminalTask): TerminalTask[] {
  return tasks.map((t, i) => (i === index ? task : t));
}

/**
 * The task that starts now: the first Waiting one, unless an earlier task is Connecting or
 * Executing, or an earlier Failed/Unknown task has blockOnFailure. -1 when none starts.
 */
export function nextTaskIndex(tasks: readonly TerminalTask[]): number {
  for (const [index, task] of tasks.entries()) {
    if (task.status === waiting) return index;
    if (isRunning(task) || isBlocking(task)) return -1;
  }
  return -1;
}

/** Start the next task if one may start: it becomes Connecting and its stream opens (`start`). */
export function startNext(tasks: readonly TerminalTask[]): { tasks: TerminalTask[]; start?: TerminalTask } {
  const index = nextTaskIndex(tasks);
  if (index === -1) return { tasks: [...tasks] };
  const started = withStatus(tasks[index]!, connecting);
  return { tasks: replaceAt(tasks, index, started), start: started };
}

/** The status a callback receives: Failed for Failed/Unknown, Success for Success, none otherwise. */
export function callbackStatus(task: TerminalTask): TaskStatus | undefined {
  if (isFailedOrUnknown(task)) return failed;
  if (task.status === success) return success;
  return undefined;
}

/** What a stream message did: the new list, and the effects the store carries out in this order. */
export interface MessageResult {
  tasks: TerminalTask[];
  /** Close the task's event stream. */
  close: boolean;
  /** Run the task's callback with this status (Failed or Success). */
  callback?: { uuid: string; status: TaskStatus };
  /** Start the next task (startNext). */
  startNext: boolean;
}

/**
 * A stream message `{uuid, data}`: command-link-success → Executing; command-exec-success →
 * Success; command-exec-error → Failed, close the stream, start the next task;
 * command-exec-completed → close the stream, a non-successful task becomes Failed, run the
 * callback, start the next task. Any other data is appended to the task's output.
 */
export function applyMessage(tasks: readonly TerminalTask[], message: { uuid?: unknown; data?: unknown }): MessageResult {
  const index = tasks.findIndex((t) => t.uuid === message.uuid);
  const none: MessageResult = { tasks: [...tasks], close: false, startNext: false };
  if (index === -1 || typeof message.data !== 'string' || !message.data) return none;
  const task = tasks[index]!;
  switch (message.data) {
    case STREAM_MARK.linked:
      return { ...none, tasks: replaceAt(tasks, index, withStatus(task, executing)) };
    case STREAM_MARK.success:
      return { ...none, tasks: replaceAt(tasks, index, withStatus(task, success)) };
    case STREAM_MARK.error:
      return { tasks: replaceAt(tasks, index, withStatus(task, failed)), close: true, startNext: true };
    case STREAM_MARK.completed: {
      const done = task.status === success ? task : withStatus(task, failed);
      const status = callbackStatus(done);
      return { tasks: replaceAt(tasks, index, done), close: true, startNext: true, ...(status !== undefined ? { callback: { uuid: done.uuid, status } } : {}) };
    }
    default:
      return { ...none, tasks: replaceAt(tasks, index, { ...task, message: [...task.message, message.data] }) };
  }
}

/** A stream error marks the running task Failed; its callback runs and the next task may start. */
export function applyStreamError(tasks: readonly TerminalTask[], uuid: string): MessageResult {
  const index = tasks.findIndex((t) => t.uuid === uuid);
  if (index === -1) return { tasks: [...tasks], close: true, startNext: true };
  const done = withStatus(tasks[index]!, failed);
  return { tasks: replaceAt(tasks, index, done), close: true, startNext: true, callback: { uuid, status: failed } };
}

/** Retry clears the output and sets Waiting. */
export function retryTask(tasks: readonly TerminalTask[], uuid: string): TerminalTask[] {
  return tasks.map((t) => (t.uuid === uuid ? { ...withStatus(t, waiting), message: [] } : t));
}

/** Delete is allowed only when the task is not Connecting or Executing; `deleted` says whether it was. */
export function deleteTask(tasks: readonly TerminalTask[], uuid: string): { tasks: TerminalTask[]; deleted: boolean } {
  const task = tasks.find((t) => t.uuid === uuid);
  if (!task || isRunning(task)) return { tasks: [...tasks], deleted: false };
  return { tasks: tasks.filter((t) => t !== task), deleted: true };
}

/** On init, tasks left Connecting or Executing become Unknown. */
export function initTasks(tasks: readonly TerminalTask[]): TerminalTask[] {
  return tasks.map((t) => (isRunning(t) ? withStatus(t, unknown) : t));
}

/** Expand or collapse a task's output (showMessage). */
export function toggleMessage(tasks: readonly TerminalTask[], uuid: string): TerminalTask[] {
  return tasks.map((t) => (t.uuid === uuid ? { ...t, showMessage: !t.showMessage } : t));
}

export interface NewTask {
  uuid: string;
  createTime: number;
  command: string;
  blockOnFailure?: boolean;
  extend?: string;
  callback?: (status: TaskStatus) => void;
}

/**
 * Add a task (Waiting, at the end). While the panel is hidden the dot turns on. With automatic
 * cleanup '1' the successful tasks are removed. If the panel is hidden and a blocking task
 * (Failed/Unknown with blockOnFailure) exists, the error 'Newly added tasks will never start
 * because they are blocked by failed tasks' is raised. The store then starts the next task.
 */
export function addTask(
  state: { tasks: readonly TerminalTask[]; show: boolean; automaticCleanupTask: string },
  input: NewTask,
): { tasks: TerminalTask[]; showDot: boolean; blocked: boolean } {
  const task: TerminalTask = {
    uuid: input.uuid,
    createTime: input.createTime,
    status: waiting,
    command: input.command,
    message: [],
    showMessage: false,
    blockOnFailure: input.blockOnFailure ?? true,
    extend: input.extend ?? '',
    ...(input.callback ? { callback: input.callback } : {}),
  };
  let tasks = [...state.tasks, task];
  if (Number(state.automaticCleanupTask) === 1) tasks = tasks.filter((t) => t.status !== success);
  const blocked = !state.show && tasks.some(isBlocking);
  return { tasks, showDot: !state.show, blocked };
}
