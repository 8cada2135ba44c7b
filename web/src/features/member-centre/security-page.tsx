import { MailOutlined, MobileOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { translate } from '@framecraft/contracts/client-messages';
import { emailSchema, mobileSchema, type CodeEvent } from '@framecraft/contracts/validation';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, List, Modal, Space, Steps, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptchaDialog } from '../../components/captcha/captcha-dialog.tsx';
import { sendCode } from '../../components/captcha/send-code.ts';
import { useCaptchaGate } from '../../components/captcha/use-captcha-gate.ts';
import { isCancel } from '../../lib/request/index.ts';
import { getLanguage } from '../../stores/language.ts';
import { useMemberStore } from '../../stores/member.ts';
import { changeBind, verifyCurrent, type BindType } from './api/security.ts';
import { schemaRule } from './form-errors.ts';
import { maskAccount } from './format.ts';

const RESEND_SECONDS = 60;

/** The "send code" button: the click captcha first, then a 60 s wait before the next send (conventions). */
function SendCodeButton({ busy, left, onClick }: { busy: boolean; left: number; onClick: () => void }) {
  const { t } = useTranslation('member');
  return (
    <Button loading={busy} disabled={left > 0} data-testid="send-code" onClick={onClick}>
      {left > 0 ? t('security.resendIn', { seconds: left }) : t('security.sendCode')}
    </Button>
  );
}

/** The two steps of changing a binding; a member with nothing bound starts at the second. */
function ChangeBindDialog({ type, current, onClose }: { type: BindType; current: string; onClose: () => void }) {
  const { t } = useTranslation('member');
  const queryClient = useQueryClient();
  const [step, setStep] = useState(current ? 0 : 1);
  const [verificationToken, setVerificationToken] = useState('');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  const [left, setLeft] = useState(0);
  const { gate, dialogProps } = useCaptchaGate();
  const [verifyForm] = Form.useForm<{ captcha: string }>();
  const [bindForm] = Form.useForm<{ value: string; captcha: string }>();
  const required = { required: true, message: translate(getLanguage(), 'validation.required') };

  /** Any failure is shown in the dialog, so the member knows the change did not happen. */
  async function attempt(action: () => Promise<void>) {
    setFailure('');
    setBusy(true);
    try {
      await action();
    } catch (error) {
      if (!isCancel(error)) setFailure(error instanceof Error && error.message ? error.message : t('security.unavailable'));
      throw error;
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  /** Captcha, then the code; the countdown starts only when the code went out. */
  const send = (target: string, event: CodeEvent) =>
    gate((solved) => {
      setFailure('');
      setSending(true);
      sendCode(type, target, event, solved)
        .then(() => setLeft(RESEND_SECONDS))
        .catch((error: unknown) => {
          if (!isCancel(error)) setFailure(error instanceof Error && error.message ? error.message : t('security.unavailable'));
        })
        .finally(() => setSending(false));
    });
  const verify = ({ captcha }: { captcha: string }) =>
    attempt(async () => {
      setVerificationToken(await verifyCurrent(type, captcha));
      setStep(1);
      setLeft(0);
    }).catch(() => {});
  const bind = ({ value, captcha }: { value: string; captcha: string }) =>
    attempt(async () => {
      const userInfo = await changeBind(type, value, captcha, verificationToken);
      useMemberStore.getState().fill({ [type]: userInfo[type] });
      void queryClient.invalidateQueries({ queryKey: ['member', 'profile'] });
      onClose();
    }).catch(() => {});

  const label = type === 'email' ? t('security.email') : t('security.mobile');
  // Inside a sentence ("Bind mobile number"); Chinese has no case.
  const what = label.toLocaleLowerCase();
  return (
    <Modal open title={t(current ? 'security.changeTitle' : 'security.bindTitle', { what })} onCancel={onClose} footer={null} destroyOnHidden>
      {current && <Steps size="small" current={step} className="!mb-6" items={[{ title: t('security.stepVerify') }, { title: t('security.stepBind') }]} />}
      {failure && <Alert data-testid="bind-failure" type="error" showIcon className="!mb-4" message={t('security.failed')} description={failure} />}
      {step === 0 ? (
        <Form key="verify" form={verifyForm} layout="vertical" requiredMark={false} onFinish={verify}>
          <p className="mb-4 text-sm text-muted">{t('security.verifyHint', { target: maskAccount(current) })}</p>
          <Form.Item label={t('security.code')} required>
            <Space.Compact className="w-full">
              <Form.Item name="captcha" noStyle rules={[required]}>
                <Input inputMode="numeric" autoComplete="one-time-code" maxLength={8} />
              </Form.Item>
              <SendCodeButton busy={sending} left={left} onClick={() => send(current, `user_${type}_verify`)} />
            </Space.Compact>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('security.next')}
          </Button>
        </Form>
      ) : (
        <Form key="bind" form={bindForm} layout="vertical" requiredMark={false} onFinish={bind}>
          <Form.Item name="value" label={t('security.newValue', { what })} rules={[schemaRule(type === 'email' ? emailSchema : mobileSchema)]}>
            <Input inputMode={type === 'email' ? 'email' : 'tel'} autoComplete={type === 'email' ? 'email' : 'tel'} />
          </Form.Item>
          <Form.Item label={t('security.code')} required>
            <Space.Compact className="w-full">
              <Form.Item name="captcha" noStyle rules={[required]}>
                <Input inputMode="numeric" autoComplete="one-time-code" maxLength={8} />
              </Form.Item>
              <SendCodeButton
                busy={sending}
                left={left}
                onClick={() => {
                  bindForm
                    .validateFields(['value'])
                    .then(({ value }) => send(value.trim(), `user_change_${type}`))
                    .catch(() => {});
                }}
              />
            </Space.Compact>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('security.confirm')}
          </Button>
        </Form>
      )}
      <CaptchaDialog {...dialogProps} />
    </Modal>
  );
}

/** `/user/security`: the bound e-mail and mobile, each changed after proving the current one. */
export default function SecurityPage() {
  const { t } = useTranslation('member');
  const email = useMemberStore((state) => state.email);
  const mobile = useMemberStore((state) => state.mobile);
  const [editing, setEditing] = useState<BindType | null>(null);
  const rows = [
    { type: 'email' as const, icon: <MailOutlined />, label: t('security.email'), value: email },
    { type: 'mobile' as const, icon: <MobileOutlined />, label: t('security.mobile'), value: mobile },
  ];
  return (
    <Card title={<span className="flex items-center gap-2"><SafetyCertificateOutlined /> {t('security.title')}</span>}>
      <List
        itemLayout="horizontal"
        dataSource={rows}
        renderItem={(row) => (
          <List.Item
            data-testid={`security-${row.type}`}
            actions={[
              <Button key="change" onClick={() => setEditing(row.type)}>
                {row.value ? t('security.change') : t('security.bind')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              avatar={<span className="grid size-10 place-items-center rounded-full bg-glow text-lg text-accent">{row.icon}</span>}
              title={row.label}
              description={row.value ? <span className="tabular-nums">{maskAccount(row.value)}</span> : <Tag bordered={false}>{t('security.notBound')}</Tag>}
            />
          </List.Item>
        )}
      />
      {editing && <ChangeBindDialog type={editing} current={editing === 'email' ? email : mobile} onClose={() => setEditing(null)} />}
    </Card>
  );
}
