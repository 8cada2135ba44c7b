import type { AdminTerminalConfig } from '@framecraft/contracts/admin';
import { CaretDownOutlined, CaretRightOutlined, DeleteOutlined, PlayCircleOutlined, RedoOutlined, SettingOutlined } from '@ant-design/icons';
import { formatDate } from '@framecraft/contracts/date';
import { App, Button, Drawer, Dropdown, Empty, Form, Modal, Select, Switch, Tag, Tooltip } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { onTerminalBlocked, TASK_STATUS, useTerminalStore, type TaskStatus, type TerminalTask } from '../../../stores/terminal.ts';
import { crudApi } from '../api/crud.ts';

const STATUS_COLOR: Record<TaskStatus, string> = {
  [TASK_STATUS.waiting]: 'default',
  [TASK_STATUS.connecting]: 'processing',
  [TASK_STATUS.executing]: 'processing',
  [TASK_STATUS.success]: 'success',
  [TASK_STATUS.failed]: 'error',
  [TASK_STATUS.unknown]: 'warning',
};

/** Commands the panel offers itself; others come from features that add tasks (`addTask`). */
const QUICK_COMMANDS = [
  { key: 'version.all', label: 'quick.versions' },
  { key: 'test.database', label: 'quick.database' },
  { key: 'test.redis', label: 'quick.redis' },
  { key: 'install', label: 'quick.install', pm: true },
  { key: 'web-build', label: 'quick.webBuild', pm: true },
  { key: 'migrate.npm', label: 'quick.migrate' },
] as const;

export const PACKAGE_MANAGERS = ['npm', 'pnpm', 'yarn', 'none'] as const;

function TaskItem({ task }: { task: TerminalTask }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const store = useTerminalStore();
  const running = task.status === TASK_STATUS.connecting || task.status === TASK_STATUS.executing;
  const output = useRef<HTMLPreElement>(null);
  useEffect(() => {
    if (output.current) output.current.scrollTop = output.current.scrollHeight;
  }, [task.message.length, task.showMessage]);

  return (
    <li className="rounded-lg border border-current/10 p-2.5" data-testid="terminal-task" data-status={task.status} data-command={task.command}>
      <div className="flex items-center gap-2">
        <button
          type="button"
          className="flex min-w-0 flex-1 items-center gap-2 text-start"
          onClick={() => store.toggleMessage(task.uuid)}
          aria-expanded={task.showMessage}
          data-testid="terminal-task-toggle"
          title={task.showMessage ? t('terminal.collapse') : t('terminal.expand')}
        >
          {task.showMessage ? <CaretDownOutlined /> : <CaretRightOutlined />}
          <Tag color={STATUS_COLOR[task.status]} className="m-0" data-testid="terminal-task-status">
            {t(`terminal.status.${task.status}`)}
          </Tag>
          <code className="truncate text-[13px]">{task.command}</code>
        </button>
        <span className="hidden shrink-0 text-xs opacity-60 sm:inline">{formatDate(task.createTime)}</span>
        {(task.status === TASK_STATUS.failed || task.status === TASK_STATUS.unknown) && (
          <Tooltip title={t('terminal.retry')}>
            <Button size="small" type="text" icon={<RedoOutlined />} aria-label={t('terminal.retry')} onClick={() => store.retry(task.uuid)} data-testid="terminal-task-retry" />
          </Tooltip>
        )}
        <Tooltip title={running ? t('terminal.cannotDelete') : t('terminal.delete')}>
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('terminal.delete')}
            disabled={running}
            onClick={() => store.remove(task.uuid) || void message.warning(t('terminal.cannotDelete'))}
            data-testid="terminal-task-delete"
          />
        </Tooltip>
      </div>
      <div className="mt-1 text-xs opacity-60 sm:hidden">{formatDate(task.createTime)}</div>
      {task.showMessage && (
        <pre
          ref={output}
          className="mt-2 max-h-72 overflow-auto rounded-md bg-neutral-900 p-2.5 font-mono text-xs leading-5 whitespace-pre-wrap break-all text-neutral-100"
          data-testid="terminal-output"
        >
          {task.message.length ? task.message.join('\n') : t('terminal.noOutput')}
        </pre>
      )}
    </li>
  );
}

/** Terminal configuration (spec §2): package manager, npm registry, development-server flag, automatic cleanup. */
function ConfigDialog() {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const store = useTerminalStore();
  const registries = store.serverRegistries.length ? store.serverRegistries : ['npm'];

  const saveServer = async (data: { manager?: string; phpDevelopmentServer?: boolean }) => {
    const answer = await crudApi.post<AdminTerminalConfig>('ajax/changeTerminalConfig', data);
    store.update({ packageManager: answer.npmPackageManager, phpDevelopmentServer: answer.phpDevelopmentServer });
  };

  const setRegistry = (name: string) =>
    store.addTask(`set-npm-registry.${name}`, false, '', (status) => {
      if (status === TASK_STATUS.success) {
        useTerminalStore.getState().update({ npmRegistry: name });
        void message.success(t('terminal.registryChanged'));
      }
    });

  return (
    <Modal open={store.showConfig} onCancel={() => store.toggleConfig(false)} footer={null} title={t('terminal.config')} data-testid="terminal-config" destroyOnHidden>
      <Form layout="vertical" className="mt-4">
        <Form.Item label={t('terminal.packageManager')} extra={t('terminal.packageManagerHint')}>
          <Select
            value={store.packageManager}
            onChange={(manager: string) => void saveServer({ manager })}
            options={PACKAGE_MANAGERS.map((value) => ({ value, label: value === 'none' ? t('terminal.noManager') : value }))}
            data-testid="terminal-package-manager"
          />
        </Form.Item>
        <Form.Item label={t('terminal.npmRegistry')} extra={t('terminal.npmRegistryHint')}>
          <Select
            value={store.npmRegistry}
            onChange={setRegistry}
            options={[...(registries.includes(store.npmRegistry) ? [] : [{ value: store.npmRegistry, label: t('terminal.registryUnknown'), disabled: true }]), ...registries.map((value) => ({ value, label: value }))]}
            data-testid="terminal-npm-registry"
          />
        </Form.Item>
        <Form.Item label={t('terminal.phpDevelopmentServer')} extra={t('terminal.phpDevelopmentServerHint')}>
          <Switch checked={store.phpDevelopmentServer} onChange={(on) => void saveServer({ phpDevelopmentServer: on })} data-testid="terminal-dev-server" />
        </Form.Item>
        <Form.Item label={t('terminal.automaticCleanupTask')} extra={t('terminal.automaticCleanupTaskHint')}>
          <Switch
            checked={store.automaticCleanupTask === '1'}
            onChange={(on) => store.update({ automaticCleanupTask: on ? '1' : '0' })}
            data-testid="terminal-cleanup"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The web terminal (spec §2): its task queue, quick commands and the configuration dialog. */
export function TerminalPanel({ mobile }: { mobile: boolean }) {
  const { t } = useTranslation('admin');
  const { notification } = App.useApp();
  const store = useTerminalStore();

  useEffect(() => {
    onTerminalBlocked(() => notification.error({ message: t('terminal.blocked'), placement: 'bottomRight' }));
    useTerminalStore.getState().init();
  }, [notification, t]);

  const run = (key: string, pm?: boolean) => (pm ? store.addTaskPM(key) : store.addTask(key));

  return (
    <>
      <Drawer
        open={store.show}
        onClose={() => store.toggle(false)}
        title={t('terminal.title')}
        size={mobile ? '100%' : 560}
        data-testid="terminal-panel"
        extra={
          <div className="flex gap-1">
            <Dropdown
              menu={{
                items: QUICK_COMMANDS.map((c) => ({ key: c.key, label: t(`terminal.${c.label}`), onClick: () => run(c.key, 'pm' in c && c.pm) })),
              }}
            >
              <Button icon={<PlayCircleOutlined />} data-testid="terminal-run">
                {t('terminal.run')}
              </Button>
            </Dropdown>
            <Tooltip title={t('terminal.config')}>
              <Button icon={<SettingOutlined />} aria-label={t('terminal.config')} onClick={() => store.toggleConfig(true)} data-testid="terminal-open-config" />
            </Tooltip>
          </div>
        }
      >
        {store.taskList.length ? (
          <ul className="flex flex-col gap-2" data-testid="terminal-tasks">
            {store.taskList.map((task) => (
              <TaskItem key={task.uuid} task={task} />
            ))}
          </ul>
        ) : (
          <Empty description={t('terminal.empty')} />
        )}
      </Drawer>
      <ConfigDialog />
    </>
  );
}
