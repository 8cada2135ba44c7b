import {
  AppstoreOutlined,
  CalendarOutlined,
  DashboardOutlined,
  FileTextOutlined,
  GiftOutlined,
  HeartOutlined,
  IdcardOutlined,
  KeyOutlined,
  PlaySquareOutlined,
  QuestionCircleOutlined,
  SafetyCertificateOutlined,
  ShoppingOutlined,
  TagsOutlined,
  TransactionOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import { AppIcon } from '../../components/iconify/app-icon.tsx';
import { toIconifyName } from '../../components/iconify/icon-names.ts';

/** The icons the seeded member rule tree names. */
const ICONS: Record<string, ComponentType> = {
  AppstoreOutlined,
  CalendarOutlined,
  DashboardOutlined,
  FileTextOutlined,
  GiftOutlined,
  HeartOutlined,
  IdcardOutlined,
  KeyOutlined,
  PlaySquareOutlined,
  QuestionCircleOutlined,
  SafetyCertificateOutlined,
  ShoppingOutlined,
  TagsOutlined,
  TransactionOutlined,
  UserOutlined,
  WalletOutlined,
};

const BY_ICONIFY_NAME = new Map<string, ComponentType>(Object.entries(ICONS).map(([name, icon]) => [toIconifyName(name), icon]));

/** The seeded icons at once; any other name chosen in the back office's icon picker through Iconify's bundled sets (decision 046). */
export function MemberIcon({ name }: { name: string }) {
  const iconifyName = toIconifyName(name);
  const Known = BY_ICONIFY_NAME.get(iconifyName) ?? (iconifyName ? undefined : AppstoreOutlined);
  return Known ? <Known /> : <AppIcon name={iconifyName} fallback={<AppstoreOutlined />} />;
}
