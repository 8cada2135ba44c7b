import { CrownFilled } from '@ant-design/icons';
import { fullUrl } from '@framecraft/contracts/url';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/avatar.tsx';
import { useMemberStore } from '../../stores/member.ts';
import { useSiteConfig } from '../../stores/site-config.ts';
import { balanceText } from './format.ts';

/** The member's picture, name, level, balance and points, beside the member-centre menu. */
export function MemberCard() {
  const { t } = useTranslation('member');
  const member = useMemberStore();
  const cdnUrl = useSiteConfig((state) => state.cdnUrl);
  const name = member.nickname || member.username;
  const avatar = member.avatar ? fullUrl(member.avatar, { cdnUrl, origin: window.location.origin }) : '';
  return (
    <div data-testid="member-card" className="rounded-2xl border border-line bg-surface p-5">
      <div className="flex items-center gap-3">
        <Avatar src={avatar} name={name} className="size-12 text-lg" />
        <div className="min-w-0">
          <p className="truncate font-medium text-ink">{name}</p>
          <div className="mt-1">
            {member.vip_level > 0 ? (
              <Tag color="gold" icon={<CrownFilled />} bordered={false} className="!m-0">
                {member.vipLevelName || t('layout.vipLevel', { level: member.vip_level })}
              </Tag>
            ) : (
              <Tag bordered={false} className="!m-0">
                {t('layout.regularMember')}
              </Tag>
            )}
          </div>
        </div>
      </div>
      <dl className="mt-5 grid grid-cols-2 gap-3 border-t border-line pt-4 text-center">
        <div>
          <dt className="text-xs text-muted">{t('layout.balance')}</dt>
          <dd data-testid="card-balance" className="mt-1 font-semibold text-ink tabular-nums">
            {balanceText(member.money)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{t('layout.score')}</dt>
          <dd data-testid="card-score" className="mt-1 font-semibold text-ink tabular-nums">
            {member.score}
          </dd>
        </div>
      </dl>
    </div>
  );
}
