import { App as AntApp, ConfigProvider, theme } from 'antd';
import { OVERLAY_Z_INDEX, TOAST_Z_INDEX } from '@framecraft/contracts/constants';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { getLanguage } from '../../stores/language.ts';
import { useThemeStore } from '../../stores/theme.ts';

/** The storefront palette (styles/index.css) for antd, so the member centre matches the shop in both themes. */
const PALETTE = {
  light: { canvas: '#f7f6f3', surface: '#ffffff', surface2: '#f0eee9', ink: '#18181b', muted: '#62626b', accent: '#e8590c', line: 'rgba(24,24,27,0.09)' },
  dark: { canvas: '#0a0a0d', surface: '#131318', surface2: '#1b1b22', ink: '#f4f4f5', muted: '#a1a1aa', accent: '#ff8a3d', line: 'rgba(255,255,255,0.07)' },
} as const;

/** antd themed like the storefront (the member centre's face), in the member's theme and language. */
export function AntdFace({ children }: { children: ReactNode }) {
  const mode = useThemeStore((state) => state.theme);
  const p = PALETTE[mode];
  return (
    <ConfigProvider
      locale={getLanguage() === 'en' ? enUS : zhCN}
      theme={{
        algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
        token: {
          colorPrimary: p.accent,
          colorLink: p.accent,
          colorBgLayout: p.canvas,
          colorBgContainer: p.surface,
          colorBgElevated: mode === 'dark' ? p.surface2 : p.surface,
          colorText: p.ink,
          colorTextSecondary: p.muted,
          colorBorderSecondary: p.line,
          borderRadius: 10,
          borderRadiusLG: 16,
          fontFamily: 'inherit',
          // Spec §9: overlays from 3000, toasts at 9999.
          zIndexPopupBase: OVERLAY_Z_INDEX,
        },
        components: {
          Message: { zIndexPopup: TOAST_Z_INDEX },
          Notification: { zIndexPopup: TOAST_Z_INDEX },
          Menu: { itemBg: 'transparent', subMenuItemBg: 'transparent', itemSelectedBg: p.surface2, itemSelectedColor: p.ink, itemBorderRadius: 10, activeBarBorderWidth: 0 },
          Card: { colorBgContainer: p.surface },
          Table: { headerBg: p.surface2, colorBgContainer: p.surface },
        },
      }}
    >
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}
