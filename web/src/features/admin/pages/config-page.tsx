import { useQuery } from '@tanstack/react-query';
import { CURRENCIES, CURRENCY_CODES } from '@framecraft/contracts/money';
import { App, Button, Form, Input, InputNumber, Select, Skeleton, Space, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRequestError } from '../../../lib/request/index.ts';
import { crudApi } from '../api/crud.ts';
import { Auth } from '../shell/auth.tsx';
import { PageCard } from './page-card.tsx';

interface Setting {
  name: string;
  title: string;
  type: 'string' | 'number' | 'rich_text_i18n';
  value: unknown;
}

/** The shop currency is picked from the money module's list (decision 018). */
const CURRENCY_OPTIONS = CURRENCY_CODES.map((code) => ({ value: code, label: `${code} · ${CURRENCIES[code].symbol}` }));

/** The input of one setting; Form.Item's value/onChange are passed through to it. */
function SettingInput({ setting, ...field }: { setting: Setting; value?: never; onChange?: never }) {
  if (setting.type === 'number') return <InputNumber style={{ width: '100%' }} min={0} {...field} />;
  if (setting.name === 'mailSmtpPass') return <Input.Password autoComplete="new-password" {...field} />;
  if (setting.name === 'currency') return <Select options={CURRENCY_OPTIONS} data-testid="setting-currency" {...field} />;
  return <Input {...field} />;
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
            <Input.TextArea rows={8} className="font-mono text-xs" />
          </Form.Item>
        </div>
      ))}
    </div>
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
  const [saving, setSaving] = useState(false);
  const query = useQuery({ queryKey: ['admin-config'], queryFn: () => crudApi.get<{ groups: Record<string, Setting[]> }>('routine/config/index') });
  if (!query.data) return <PageCard><Skeleton active /></PageCard>;
  const groups = query.data.groups;
  const initial = Object.fromEntries(Object.values(groups).flat().map((s) => [s.name, s.value]));

  async function save() {
    setSaving(true);
    try {
      await crudApi.post('routine/config/edit', { settings: form.getFieldsValue(true) });
      void query.refetch();
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
                {settings.map((s) =>
                  s.type === 'rich_text_i18n' ? (
                    <fieldset key={s.name} className="mb-4 rounded-lg border border-current/10 p-3">
                      <legend className="px-1 text-sm font-medium">{t(`config.setting.${s.name}`, { defaultValue: s.title })}</legend>
                      <LocalizedContent name={s.name} />
                    </fieldset>
                  ) : (
                    <Form.Item key={s.name} name={s.name} label={t(`config.setting.${s.name}`, { defaultValue: s.title })}>
                      <SettingInput setting={s} />
                    </Form.Item>
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
