// The stack floor (../shared/bench/floor): the design card's libraries on a page that renders one line of text,
// in one production bundle. Lighthouse on it is the best a client-rendered page on this stack can do; the site's
// pages are measured against it in the same run, as ratios. Each library is really used, so none is shaken out.
import React from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import styled from 'styled-components';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { Subject } from 'rxjs';
import { z } from 'zod';

const bus = new Subject();
const Card = z.object({ iccid: z.string(), status_str: z.string() });
i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { t: { hi: 'Hello' } } } });
const Box = styled.div`
  color: red;
`;

function Page() {
  const { t } = useTranslation('t');
  bus.next(1);
  return React.createElement(Box, null, t('hi') + JSON.stringify(Card.parse({ iccid: '1', status_str: 'a' })));
}

const router = createBrowserRouter([{ path: '*', element: React.createElement(Page) }]);
createRoot(document.getElementById('root')).render(React.createElement(RouterProvider, { router }));
