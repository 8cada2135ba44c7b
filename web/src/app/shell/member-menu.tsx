import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../components/avatar.tsx';
import { DropdownMenu, MENU_ITEM } from '../../components/dropdown-menu.tsx';
import { ChevronDownIcon, HeartIcon, LogoutIcon, PlayIcon, UserIcon } from '../../components/icons.tsx';
import { useMemberStore } from '../../stores/member.ts';

/** The logged-in member's entry in the header: name and picture, with account shortcuts. */
export function MemberMenu() {
  const { t } = useTranslation();
  const nickname = useMemberStore((state) => state.nickname || state.username);
  const avatar = useMemberStore((state) => state.avatar);
  const logout = useMemberStore((state) => state.logout);

  return (
    <DropdownMenu
      label={t('account.memberCentre')}
      triggerTestId="member-menu"
      trigger={
        <>
          <Avatar src={avatar} name={nickname} />
          <span data-testid="member-nickname" className="hidden max-w-[9rem] truncate sm:inline">
            {nickname}
          </span>
          <ChevronDownIcon className="hidden text-muted sm:block" />
        </>
      }
    >
      {(close) => (
        <>
          <Link role="menuitem" to="/user" className={MENU_ITEM} onClick={close}>
            <UserIcon className="text-muted" /> {t('account.memberCentre')}
          </Link>
          <Link role="menuitem" to="/user/my-collections" className={MENU_ITEM} onClick={close}>
            <HeartIcon className="text-muted" /> {t('route.myCollections')}
          </Link>
          <Link role="menuitem" to="/browse-history" className={MENU_ITEM} onClick={close}>
            <PlayIcon className="text-muted" /> {t('route.browseHistory')}
          </Link>
          <div role="separator" className="mx-2 my-1 h-px bg-line" />
          <button role="menuitem" type="button" data-testid="member-logout" className={MENU_ITEM} onClick={() => void logout()}>
            <LogoutIcon className="text-muted" /> {t('account.logout')}
          </button>
        </>
      )}
    </DropdownMenu>
  );
}
