import { LockOutlined } from '@ant-design/icons';
import { translate } from '@framecraft/contracts/client-messages';
import { passwordSchema } from '@framecraft/contracts/validation';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getLanguage } from '../../stores/language.ts';
import { useMemberStore } from '../../stores/member.ts';
import { changePassword } from './api/member.ts';
import { useMemberMenus } from './menus-store.ts';
import { schemaRule, showFieldErrors } from './form-errors.ts';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** `/user/change-password`: the old password, the new one twice; afterwards every session has ended. */
export default function ChangePasswordPage() {
  const { t } = useTranslation('member');
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const navigate = useNavigate();

  async function submit({ oldPassword, newPassword }: Values) {
    setSaving(true);
    try {
      await changePassword({ oldPassword, newPassword });
      // The server ended this session too: forget it and log in again with the new password.
      useMemberStore.getState().clear();
      useMemberMenus.getState().reset();
      void navigate('/login', { replace: true });
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setSaving(false);
    }
  }

  const required = { required: true, message: translate(getLanguage(), 'validation.required') };
  return (
    <Card title={t('password.title')}>
      <Alert type="info" showIcon className="!mb-6 max-w-xl" message={t('password.notice')} />
      <Form form={form} layout="vertical" requiredMark={false} className="max-w-xl" data-testid="password-form" onFinish={(values) => void submit(values)}>
        <Form.Item name="oldPassword" label={t('password.old')} rules={[required]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('password.new')}
          extra={t('password.rule')}
          rules={[
            schemaRule(passwordSchema),
            ({ getFieldValue }) => ({
              validator: async (_, value) => {
                if (value && value === getFieldValue('oldPassword')) throw new Error(translate(getLanguage(), 'member.passwordUnchanged'));
              },
            }),
          ]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('password.confirm')}
          dependencies={['newPassword']}
          rules={[
            required,
            ({ getFieldValue }) => ({
              validator: async (_, value) => {
                if (value && value !== getFieldValue('newPassword')) throw new Error(translate(getLanguage(), 'member.passwordMismatch'));
              },
            }),
          ]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="password-save">
          {t('password.save')}
        </Button>
      </Form>
    </Card>
  );
}
