import { ConfigProvider, App as AntApp, theme } from 'antd';
import { OVERLAY_Z_INDEX, TOAST_Z_INDEX } from '@framecraft/contracts/constants';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { getLanguage } from '../../../stores/language.ts';
import { useAdminDark } from '../../../stores/layout.ts';
import { AdminShell } from './admin-shell.tsx';

/**
 * The back office's antd face: theme (dark mode of the layout settings), locale, accent colour;
 * overlays (dialogs, drawers, dropdowns) from z-index 3000, messages at 9999 (spec §9).
 */
export default function AdminLayout() {
  const dark = useAdminDark();
  return (
    <ConfigProvider
      locale={getLanguage() === 'en' ? enUS : zhCN}
      theme={{
        algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
        token: { colorPrimary: dark ? '#ff8a3d' : '#e8590c', borderRadius: 8, fontFamily: 'inherit', zIndexPopupBase: OVERLAY_Z_INDEX },
        components: { Message: { zIndexPopup: TOAST_Z_INDEX }, Notification: { zIndexPopup: TOAST_Z_INDEX }, Layout: { headerBg: 'transparent', bodyBg: dark ? '#0f1115' : '#f4f5f7', siderBg: dark ? '#15181e' : '#ffffff' } },
      }}
    >
      <AntApp>
        <AdminShell />
      </AntApp>
    </ConfigProvider>
  );
}
