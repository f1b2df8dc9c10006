// The theme values the build's own output uses before any script runs: the page's colours and boot bar
// (html.mjs), the web app manifest's colours and the icons (pwa.mjs). They are shared-contracts' theme
// (src/ui/theme.ts), which the build's files cannot import (TypeScript); the shell's build-theme.test.ts holds
// each value here equal to the theme's at the same path.
export const THEME = {
  color: {
    primary: '#07C160',
    primaryDark: '#047A3D',
    text: '#1F2329',
    surface: '#FFFFFF',
    background: '#F5F6F8',
    border: '#E4E6EB',
    focus: '#1677FF',
  },
  space: { lg: '16px' },
  font: { md: '15px', lg: '17px', family: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif" },
  layout: { header: '56px' },
};
