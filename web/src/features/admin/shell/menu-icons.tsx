import {
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BellOutlined,
  BookOutlined,
  ClusterOutlined,
  CreditCardOutlined,
  CrownOutlined,
  DashboardOutlined,
  DeleteOutlined,
  EyeInvisibleOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  GiftOutlined,
  IdcardOutlined,
  LockOutlined,
  MailOutlined,
  MenuOutlined,
  MessageOutlined,
  PictureOutlined,
  ProfileOutlined,
  RestOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  StarOutlined,
  TagsOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  VideoCameraOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import { AppIcon } from '../../../components/iconify/app-icon.tsx';
import { toIconifyName } from '../../../components/iconify/icon-names.ts';

/**
 * The seeded menus' icons as antd components, drawn at once without loading an icon set. Every
 * other icon (chosen in the icon picker: any bundled Iconify set, or one from the icon API host)
 * goes through Iconify — decision 046.
 */
const MENU_ICONS: Record<string, ComponentType> = {
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BellOutlined,
  BookOutlined,
  ClusterOutlined,
  CreditCardOutlined,
  CrownOutlined,
  DashboardOutlined,
  DeleteOutlined,
  EyeInvisibleOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  GiftOutlined,
  IdcardOutlined,
  LockOutlined,
  MailOutlined,
  MenuOutlined,
  MessageOutlined,
  PictureOutlined,
  ProfileOutlined,
  RestOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  StarOutlined,
  TagsOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  VideoCameraOutlined,
  WalletOutlined,
};

/** The same components by Iconify name (`DashboardOutlined` → `ant-design:dashboard-outlined`). */
const BY_ICONIFY_NAME = new Map<string, ComponentType>(Object.entries(MENU_ICONS).map(([name, icon]) => [toIconifyName(name), icon]));

/** A rule's icon: old antd names and Iconify names alike; none → a neutral one. */
export function MenuIcon({ name }: { name: string }) {
  const iconifyName = toIconifyName(name);
  const Known = BY_ICONIFY_NAME.get(iconifyName) ?? (iconifyName ? undefined : AppstoreOutlined);
  return Known ? <Known /> : <AppIcon name={iconifyName} fallback={<AppstoreOutlined />} />;
}
