import * as React from 'react';
import { Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { ThemeProvider } from 'styled-components';
import { dirFor, normalizeLanguage, registerRuntime, type CheckoutSheetMount } from 'shared-contracts';
import { ensureI18n, i18nView, theme } from 'shared-contracts/ui';
import CheckoutSheet from './features/sheet/components/CheckoutSheet';
import { remote } from './lib/remote';

/**
 * mf_checkout/CheckoutSheet. Its default export is the sheet as a component (the shell renders it inside its own
 * theme and i18n); `mount` renders it into an element for a page without React of its own (the partner embed).
 */
export default CheckoutSheet;

export const mount: CheckoutSheetMount = (element, { request, onClose }) => {
  registerRuntime('mf_checkout/CheckoutSheet', { react: React });
  const lang = normalizeLanguage(request.lang);
  element.lang = lang;
  element.dir = dirFor(lang);
  const root = createRoot(element);
  let mounted = true;
  void ensureI18n(lang, remote).then((i18n) => {
    if (!mounted) return;
    root.render(
      <I18nextProvider i18n={i18nView(i18n)}>
        <ThemeProvider theme={theme}>
          <Suspense fallback={null}>
            <CheckoutSheet request={request} onClose={onClose} />
          </Suspense>
        </ThemeProvider>
      </I18nextProvider>,
    );
  });
  return () => {
    mounted = false;
    root.unmount();
  };
};
