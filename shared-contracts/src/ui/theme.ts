import 'styled-components';

// One theme for the whole site (spec section 9 colours). Inside the shell the shell's ThemeProvider supplies it to
// every remote; a remote's standalone page and the partner embed provide it themselves.
export const theme = {
  color: {
    // The spec's green (gauge, fills, borders). Text on it is dark and green text uses primaryDark: white on
    // #07C160 (2.4:1) and #07C160 on white fail WCAG AA's 4.5:1.
    primary: '#07C160',
    primaryDark: '#047A3D',
    onPrimary: '#102A1B',
    accent: '#FFAC79',
    text: '#1F2329',
    textMuted: '#5B6169',
    surface: '#FFFFFF',
    background: '#F5F6F8',
    border: '#E4E6EB',
    danger: '#C62828',
    warning: '#F59E0B',
    focus: '#1677FF',
    overlay: 'rgba(15, 20, 25, 0.48)',
  },
  radius: { sm: '8px', md: '12px', lg: '16px', pill: '999px' },
  space: { xs: '4px', sm: '8px', md: '12px', lg: '16px', xl: '24px' },
  font: {
    sm: '13px',
    md: '15px',
    lg: '17px',
    xl: '20px',
    family: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif",
  },
  touch: '44px',
  /**
   * The page's fixed bands: the site header (the shell's, and its boot bar before any script) and a remote page's
   * top bar (PageFrame).
   */
  layout: {
    header: '56px',
    pageBar: '52px',
    /**
     * The floating buttons at the bottom right (gift, support; mf-card's FloatingStack): one button's size, the gap
     * between two, and their distance from the viewport's edge (plus the phone's home indicator).
     */
    floatButton: '56px',
    floatGap: '12px',
    floatInset: '16px',
  },
  shadow: '0 2px 12px rgba(15, 20, 25, 0.08)',
} as const;

/**
 * Where the second floating button sits (above the first): the card page, whose first slot is taken by its sticky buy
 * bar, puts its gift there.
 */
export const floatSecondSlot = `calc(${theme.layout.floatInset} + ${theme.layout.floatButton} + ${theme.layout.floatGap} + env(safe-area-inset-bottom, 0px))`;

/**
 * The room every page leaves under its content for the floating buttons: two stacked, their gap, their distance from
 * the bottom edge and a gap above them. PageFrame pads its bottom by this much, so the last badge, button or tag of a
 * page can always be scrolled clear of them.
 */
export const floatClearance = `calc(${theme.layout.floatInset} + 2 * ${theme.layout.floatButton} + ${theme.layout.floatGap} + ${theme.space.lg} + env(safe-area-inset-bottom, 0px))`;

export type Theme = typeof theme;

// styled-components' `theme` prop is this theme in every package that imports shared-contracts/ui.
declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends Theme {}
}
