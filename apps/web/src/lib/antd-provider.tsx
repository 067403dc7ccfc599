import { ConfigProvider, theme } from 'antd';
// The ES module: `antd/locale/vi_VN` is CommonJS, handed over as { default: locale }, which a spread cannot extend.
import viVN from 'antd/es/locale/vi_VN';
import { type ReactNode, useEffect } from 'react';
import { appState } from '@/lib/app-state';
import { wantToastHost } from '@/lib/notify/notify';

export const BRAND_COLOR = '#0b7a75';

// Ant Design's grey texts (45 % and 25 % black) fall below WCAG AA's 4.5:1 on white; these reach it (axe color-contrast).
const READABLE_GREYS = {
  colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
  // Danger buttons and error texts: #ff4d4f is 3.9:1 on white.
  colorError: '#cf1322',
  // Success texts (Typography type="success"): #52c41a is 2.2:1.
  colorSuccessText: '#237804',
};
/** Texts on the theme's faintest greys: the switch's "off" track, the empty table, a locked select, the loading mask. */
const READABLE_PARTS = {
  Switch: { colorTextQuaternary: 'rgba(0, 0, 0, 0.56)', colorTextTertiary: 'rgba(0, 0, 0, 0.65)' },
  Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.6)' },
  Select: { colorTextDisabled: 'rgba(0, 0, 0, 0.6)' },
  // The full-page loading overlay's white caption over the page seen through the mask: 45 % black gives 3.6:1.
  Spin: { colorBgMask: 'rgba(0, 0, 0, 0.65)' },
};

// Ant Design's Vietnamese date picker says "Chọn thời điểm" (a point in time); a date field says "Chọn ngày" (issue 21).
const LOCALE: typeof viVN = {
  ...viVN,
  DatePicker: viVN.DatePicker && { ...viVN.DatePicker, lang: { ...viVN.DatePicker.lang, placeholder: 'Chọn ngày' } },
};

/**
 * What Ant Design's <App> gives its wrapper (text colour, size, line height, font), without <App> itself: it brings the
 * modal, message and notification hooks, used by the admin area only (AdminLayout holds it).
 */
function BaseText({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const style = { color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily };
  return <div style={style}>{children}</div>;
}

/**
 * Ant Design in Vietnamese, light mode, left-to-right. Not at the root: the sign-in page is plain HTML and never loads
 * Ant Design; every part that uses it (the antd layout route, the toast host, the loading overlay, the page alert of
 * the sign-in layout) wraps itself in this.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  const direction = appState.use((s) => s.direction);
  const mode = appState.use((s) => s.mode);
  // Ant Design is loaded now: the toast host costs little more, so the first toast need not wait for it.
  useEffect(wantToastHost, []);
  return (
    <ConfigProvider
      locale={LOCALE}
      direction={direction}
      // Every form: a failed submit brings the first invalid field into view and focuses it, so a screen reader
      // reads its label and its error (tied by aria-describedby).
      form={{ scrollToFirstError: { block: 'center', focus: true } }}
      theme={{
        algorithm: mode === 'light' ? theme.defaultAlgorithm : theme.darkAlgorithm,
        token: {
          colorPrimary: BRAND_COLOR,
          colorLink: BRAND_COLOR,
          borderRadius: 8,
          fontSize: 14,
          ...(mode === 'light' ? READABLE_GREYS : {}),
        },
        components: {
          Menu: { itemSelectedBg: '#e2f3f1', itemSelectedColor: BRAND_COLOR, subMenuItemSelectedColor: BRAND_COLOR },
          ...(mode === 'light' ? READABLE_PARTS : {}),
        },
      }}
    >
      <BaseText>{children}</BaseText>
    </ConfigProvider>
  );
}
