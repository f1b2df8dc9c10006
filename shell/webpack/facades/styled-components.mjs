// Shared as 'styled-components': the browser API the site uses (see react-router-dom.mjs for why a list); the
// server-rendering part (ServerStyleSheet) stays out.
export {
  default,
  css,
  keyframes,
  createGlobalStyle,
  ThemeProvider,
  ThemeContext,
  useTheme,
  StyleSheetManager,
  isStyledComponent,
} from '@eshop-impl/styled-components';
