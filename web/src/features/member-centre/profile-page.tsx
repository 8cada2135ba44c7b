import { MOTTO_MAX, NICKNAME_MAX, nicknameSchema, type ProfileInput } from '@framecraft/contracts/member';
import { formatDate } from '@framecraft/contracts/date';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Form, Input, Radio, Skeleton, Spin, type FormInstance } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../components/upload/index.ts';
import { useMemberStore } from '../../stores/member.ts';
import { useSiteConfig } from '../../stores/site-config.ts';
import { profileQuery, saveProfile, updateNickname, type MemberAnswer } from './api/member.ts';
import { schemaRule, showFieldErrors } from './form-errors.ts';

/** The avatar upload as a form control (Form.Item passes value and onChange). */
function AvatarField({ value, onChange, cdnUrl }: { value?: string; onChange?: (url: string) => void; cdnUrl: string }) {
  return (
    <Suspense fallback={<Spin />}>
      <ImageUpload context="user" topic="avatar" shape="circle" size={96} cdnUrl={cdnUrl} value={value} onChange={(url) => onChange?.(url)} />
    </Suspense>
  );
}

type BasicsInput = { nickname: string; avatar: string; gender: number };
type AboutInput = { birthday: string | null; motto: string };

/**
 * `/user/profile`: avatar, nickname and gender saved with `POST /api/user/updateNickname` (spec §7);
 * birthday and motto with `POST /api/account/profile`; account facts read-only.
 */
export default function ProfilePage() {
  const { t } = useTranslation('member');
  const [basicsForm] = Form.useForm<BasicsInput>();
  const [aboutForm] = Form.useForm<AboutInput>();
  const query = useQuery(profileQuery);
  const queryClient = useQueryClient();
  const fill = useMemberStore((state) => state.fill);
  const cdnUrl = useSiteConfig((state) => state.cdnUrl);
  const [saving, setSaving] = useState<'basics' | 'about' | null>(null);
  const member = query.data?.userInfo;
  if (!member) return <Card>{<Skeleton active avatar paragraph={{ rows: 6 }} />}</Card>;

  async function save(which: 'basics' | 'about', call: () => Promise<MemberAnswer>, form: FormInstance) {
    setSaving(which);
    try {
      const saved = await call();
      fill(saved);
      queryClient.setQueryData(profileQuery.queryKey, (old) => (old ? { ...old, userInfo: saved } : old));
      void queryClient.invalidateQueries({ queryKey: ['member', 'overview'] });
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setSaving(null);
    }
  }
  const current = member;
  const saveBasics = (values: BasicsInput) => void save('basics', () => updateNickname({ nickname: values.nickname, avatar: values.avatar ?? '', gender: values.gender ?? 0 }), basicsForm);
  // The profile call takes the whole profile: the saved nickname, avatar and gender go along unchanged.
  const saveAbout = (values: AboutInput) =>
    void save(
      'about',
      () => saveProfile({ nickname: current.nickname, avatar: current.avatar, gender: current.gender, birthday: values.birthday || null, motto: values.motto ?? '' } as ProfileInput),
      aboutForm,
    );

  const today = new Date().toISOString().slice(0, 10);
  return (
    <div className="flex flex-col gap-5">
      <Card title={t('profile.title')}>
        <Form
          form={basicsForm}
          layout="vertical"
          requiredMark={false}
          className="max-w-xl"
          data-testid="profile-form"
          initialValues={{ nickname: member.nickname, avatar: member.avatar, gender: member.gender }}
          onFinish={saveBasics}
        >
          <Form.Item name="avatar" label={t('profile.avatar')}>
            <AvatarField cdnUrl={cdnUrl} />
          </Form.Item>
          <Form.Item name="nickname" label={t('profile.nickname')} rules={[schemaRule(nicknameSchema)]}>
            <Input maxLength={NICKNAME_MAX} showCount autoComplete="nickname" />
          </Form.Item>
          <Form.Item name="gender" label={t('profile.gender')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 0, label: t('profile.genders.0') },
                { value: 1, label: t('profile.genders.1') },
                { value: 2, label: t('profile.genders.2') },
              ]}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving === 'basics'} data-testid="profile-save">
            {t('profile.save')}
          </Button>
        </Form>
      </Card>
      <Card title={t('profile.about')}>
        <Form
          form={aboutForm}
          layout="vertical"
          requiredMark={false}
          className="max-w-xl"
          data-testid="about-form"
          initialValues={{ birthday: member.birthday ?? '', motto: member.motto }}
          onFinish={saveAbout}
        >
          <Form.Item name="birthday" label={t('profile.birthday')}>
            <Input type="date" min="1900-01-01" max={today} className="max-w-xs" />
          </Form.Item>
          <Form.Item name="motto" label={t('profile.motto')}>
            <Input.TextArea maxLength={MOTTO_MAX} showCount autoSize={{ minRows: 2, maxRows: 4 }} placeholder={t('profile.mottoPlaceholder')} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving === 'about'} data-testid="about-save">
            {t('profile.save')}
          </Button>
        </Form>
      </Card>
      <Card title={t('profile.account')}>
        <Descriptions column={{ xs: 1, sm: 2 }} size="small">
          <Descriptions.Item label={t('profile.username')}>{member.username}</Descriptions.Item>
          <Descriptions.Item label={t('profile.inviteCode')}>{member.invate_code}</Descriptions.Item>
          <Descriptions.Item label={t('profile.joinTime')}>{formatDate(member.join_time)}</Descriptions.Item>
          <Descriptions.Item label={t('profile.lastLogin')}>
            {member.last_login_time ? `${formatDate(member.last_login_time)} · ${member.last_login_ip}` : '—'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
    </div>
  );
}
