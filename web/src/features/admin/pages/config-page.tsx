import type { AdminConfigGroups, AdminSetting } from '@framecraft/contracts/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Select, Skeleton, Space, Switch, Tabs } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRequestError } from '../../../lib/request/index.ts';
import { crudApi } from '../api/crud.ts';
import { Auth } from '../shell/auth.tsx';
import { PageCard } from './page-card.tsx';
import { PaymentStatus, paymentStatusKey } from './payment-status.tsx';

const RichTextEditor = lazy(() => import('../config/rich-text-editor.tsx'));

type Setting = AdminSetting;

/** A setting's row; one with `shownWhen` follows the setting it depends on. */
function SettingItem({ setting }: { setting: Setting }) {
  const { t } = useTranslation('admin');
  const item = (
    <Form.Item name={setting.name} label={t(`config.setting.${setting.name}`, { defaultValue: setting.title })}>
      <SettingInput setting={setting} />
    </Form.Item>
  );
  const when = setting.shownWhen;
  if (!when) return item;
  return (
    <Form.Item noStyle shouldUpdate={(before, after) => before[when.setting] !== after[when.setting]}>
      {({ getFieldValue }) => (String(getFieldValue(when.setting) ?? '') === String(when.value) ? item : null)}
    </Form.Item>
  );
}

/**
 * The input of one setting, by its declared type. `Form.Item` hands `value`/`onChange` to its
 * child, so they must reach the antd input (dropping them left every box empty — issue 15).
 */
function SettingInput({ setting, value, onChange, id }: { setting: Setting; value?: unknown; onChange?: (value: unknown) => void; id?: string }) {
  const { t } = useTranslation('admin');
  const testId = `setting-${setting.name}`;
  if (setting.type === 'number') {
    return <InputNumber id={id} style={{ width: '100%' }} min={0} value={value as number | null} onChange={onChange} data-testid={testId} />;
  }
  if (setting.type === 'switch') {
    return (
      <Switch
        id={id}
        checked={Number(value) === 1}
        onChange={(on) => onChange?.(on ? 1 : 0)}
        checkedChildren={t('config.on')}
        unCheckedChildren={t('config.off')}
        data-testid={testId}
      />
    );
  }
  if (setting.type === 'select' && setting.options) {
    const options = setting.options.map((o) => ({
      value: o,
      label: o === '' ? t('config.option.none') : t(`config.option.${setting.name}.${o}`, { defaultValue: o }),
    }));
    if (setting.multiple) {
      const list = Array.isArray(value) ? (value as string[]) : String(value ?? '').split(',').filter(Boolean);
      return <Select id={id} mode="multiple" allowClear value={list} onChange={(v: string[]) => onChange?.(v)} options={options} data-testid={testId} />;
    }
    return <Select id={id} value={value as string} onChange={onChange} options={options} data-testid={testId} />;
  }
  const text = value === null || value === undefined ? '' : String(value);
  if (setting.secret && setting.multiline) {
    // A pasted private key: shown only as the mask; typing replaces it, the mask sent back keeps it.
    return (
      <Input.TextArea
        id={id}
        autoComplete="off"
        spellCheck={false}
        autoSize={{ minRows: 2, maxRows: 8 }}
        value={text}
        onChange={(e) => onChange?.(e.target.value)}
        placeholder={t('config.secretKept')}
        className="font-mono text-xs"
        data-testid={testId}
      />
    );
  }
  if (setting.multiline) {
    return <Input.TextArea id={id} spellCheck={false} autoSize={{ minRows: 2, maxRows: 8 }} value={text} onChange={(e) => onChange?.(e.target.value)} className="font-mono text-xs" data-testid={testId} />;
  }
  if (setting.secret) {
    return (
      <Input.Password
        id={id}
        autoComplete="new-password"
        value={text}
        onChange={(e) => onChange?.(e.target.value)}
        placeholder={t('config.secretKept')}
        data-testid={testId}
      />
    );
  }
  return <Input id={id} value={text} onChange={(e) => onChange?.(e.target.value)} data-testid={testId} />;
}

/** Rich text of both languages: title and HTML. */
function LocalizedContent({ name }: { name: string }) {
  const { t } = useTranslation('admin');
  return (
    <div className="grid gap-3 md:grid-cols-2">
      {(['zh-cn', 'en'] as const).map((lang) => (
        <div key={lang} className="flex flex-col gap-2">
          <Form.Item name={[name, lang, 'title']} label={`${t(`config.lang.${lang}`)} · ${t('config.contentTitle')}`} rules={[{ required: true, message: t('crud.required') }]} className="mb-0">
            <Input />
          </Form.Item>
          <Form.Item name={[name, lang, 'content']} label={t('config.contentHtml')} className="mb-0">
            <LazyEditor testId={`content-${name}-${lang}`} />
          </Form.Item>
        </div>
      ))}
    </div>
  );
}

/** The editor, loaded when the first agreement is shown (its code stays out of the other admin pages). */
function LazyEditor(props: { value?: string; onChange?: (html: string) => void; testId: string }) {
  const { t } = useTranslation('admin');
  return (
    <Suspense fallback={<div className="py-6 text-center text-sm opacity-60">{t('config.editor.loading')}</div>}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

function TestMail() {
  const { t } = useTranslation('admin');
  const [to, setTo] = useState('');
  const [sending, setSending] = useState(false);
  return (
    <Auth name="sendTestMail">
      <Space.Compact className="w-full max-w-md">
        <Input placeholder={t('config.testMailTo')} value={to} onChange={(e) => setTo(e.target.value)} type="email" data-testid="test-mail-to" />
        <Button
          loading={sending}
          onClick={() => {
            setSending(true);
            void crudApi.post('routine/config/sendTestMail', { to }).finally(() => setSending(false)).catch(() => undefined);
          }}
          data-testid="send-test-mail"
        >
          {t('config.sendTestMail')}
        </Button>
      </Space.Compact>
    </Auth>
  );
}

/** routine/config — grouped settings (basics, upload, mail with a test mail, security, agreements). */
export default function ConfigPage() {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const query = useQuery({ queryKey: ['admin-config'], queryFn: () => crudApi.get<AdminConfigGroups>('routine/config/index') });
  if (!query.data) return <PageCard><Skeleton active /></PageCard>;
  const groups = query.data.groups;
  const initial = Object.fromEntries(Object.values(groups).flat().map((s) => [s.name, s.value]));

  async function save() {
    setSaving(true);
    try {
      await crudApi.post('routine/config/edit', { settings: form.getFieldsValue(true) });
      void query.refetch();
      void queryClient.invalidateQueries({ queryKey: paymentStatusKey });
    } catch (error) {
      const errors = isRequestError(error) ? (error.envelope?.data as { errors?: Record<string, string> } | null)?.errors : undefined;
      if (errors) form.setFields(Object.entries(errors).map(([name, m]) => ({ name, errors: [m] })));
      else void message.error(t('config.saveFailed'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <PageCard>
      <Form form={form} layout="vertical" initialValues={initial} onFinish={() => void save()} data-testid="config-form">
        <Tabs
          items={Object.entries(groups).map(([group, settings]) => ({
            key: group,
            label: t(`config.group.${group}`, { defaultValue: group }),
            children: (
              <div className="flex max-w-4xl flex-col gap-1">
                {group === 'pay' && <PaymentStatus />}
                {settings.map((s) =>
                  s.type === 'rich_text_i18n' ? (
                    <fieldset key={s.name} className="mb-4 rounded-lg border border-current/10 p-3">
                      <legend className="px-1 text-sm font-medium">{t(`config.setting.${s.name}`, { defaultValue: s.title })}</legend>
                      <LocalizedContent name={s.name} />
                    </fieldset>
                  ) : (
                    <SettingItem key={s.name} setting={s} />
                  ),
                )}
                {group === 'mail' && <TestMail />}
              </div>
            ),
          }))}
        />
        <Auth name="edit">
          <Button type="primary" htmlType="submit" loading={saving} className="mt-4" data-testid="config-save">
            {t('crud.save')}
          </Button>
        </Auth>
      </Form>
    </PageCard>
  );
}
