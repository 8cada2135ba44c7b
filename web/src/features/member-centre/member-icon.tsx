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

/** The icons the member rule tree names; a rule with another icon gets a neutral one. */
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

export function MemberIcon({ name }: { name: string }) {
  const Icon = ICONS[name] ?? AppstoreOutlined;
  return <Icon />;
}
