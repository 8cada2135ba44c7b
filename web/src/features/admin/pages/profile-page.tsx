import type { AdminProfile, AdminProfileSaved } from '@framecraft/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Button, Descriptions, Form, Input, Skeleton } from 'antd';
import { formatDate } from '@framecraft/contracts/date';
import { Suspense, useState } from 'react';
import { fullUrl } from '@framecraft/contracts/url';
import { ImageUpload } from '../../../components/upload/index.ts';
import { useSiteConfig } from '../../../stores/site-config.ts';
import { useTranslation } from 'react-i18next';
import { isRequestError } from '../../../lib/request/index.ts';
import { useAdminStore } from '../../../stores/admin.ts';
import { crudApi } from '../api/crud.ts';
import { PageCard } from './page-card.tsx';

/** routine/adminInfo — the admin's own profile and password. */
export default function ProfilePage() {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const cdnUrl = useSiteConfig((s) => s.cdnUrl);
  const query = useQuery({ queryKey: ['admin-profile'], queryFn: () => crudApi.get<{ row: AdminProfile }>('routine/adminInfo/index') });
  const row = query.data?.row;
  if (!row) return <PageCard><Skeleton active avatar /></PageCard>;

  async function save(values: Record<string, string>) {
    setSaving(true);
    try {
      const answer = await crudApi.post<AdminProfileSaved>('routine/adminInfo/edit', values);
      const store = useAdminStore.getState();
      store.fill({ nickname: values.nickname, avatar: values.avatar ?? '' });
      if (answer?.token) store.setToken(answer.token, 'auth');
      form.setFieldValue('password', '');
      void query.refetch();
    } catch (error) {
      const errors = isRequestError(error) ? (error.envelope?.data as { errors?: Record<string, string> } | null)?.errors : undefined;
      if (errors) form.setFields(Object.entries(errors).map(([name, m]) => ({ name, errors: [m] })));
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="grid gap-4 lg:grid-cols-[320px_1fr]">
      <PageCard>
        <div className="flex flex-col items-center gap-3 py-4 text-center">
          <Avatar size={84} src={row.avatar ? fullUrl(row.avatar, { cdnUrl, origin: window.location.origin }) : undefined} data-testid="profile-avatar" style={{ background: '#e8590c', fontSize: 32 }}>
            {(row.nickname || row.username).slice(0, 1).toUpperCase()}
          </Avatar>
          <div>
            <div className="text-lg font-semibold">{row.nickname}</div>
            <div className="text-sm opacity-60">@{row.username}</div>
          </div>
          {row.motto && <p className="text-sm opacity-80">{row.motto}</p>}
        </div>
        <Descriptions column={1} size="small" items={[
          { key: 't', label: t('fields.last_login_time'), children: row.last_login_time ? formatDate(row.last_login_time) : '—' },
          { key: 'ip', label: t('fields.last_login_ip'), children: row.last_login_ip || '—' },
        ]} />
      </PageCard>
      <PageCard title={t('profile.edit')}>
        <Form form={form} layout="vertical" initialValues={{ ...row, password: '' }} onFinish={(v) => void save(v)} className="max-w-xl" data-testid="profile-form">
          <Form.Item name="nickname" label={t('fields.nickname')} rules={[{ required: true, message: t('crud.required') }]}>
            <Input />
          </Form.Item>
          <Suspense fallback={<Skeleton.Avatar active size={104} />}>
            <Form.Item name="avatar" label={t('fields.avatar')}>
              <ImageUpload context="admin" topic="avatar" shape="circle" crop={{ aspect: 1, maxEdge: 1024 }} cdnUrl={cdnUrl} />
            </Form.Item>
          </Suspense>
          <Form.Item name="email" label={t('fields.email')}>
            <Input type="email" />
          </Form.Item>
          <Form.Item name="mobile" label={t('fields.mobile')}>
            <Input />
          </Form.Item>
          <Form.Item name="motto" label={t('fields.motto')}>
            <Input.TextArea rows={2} />
          </Form.Item>
          <Form.Item name="password" label={t('fields.newPassword')} help={t('fields.passwordHelp')}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('crud.save')}
          </Button>
        </Form>
      </PageCard>
    </div>
  );
}
