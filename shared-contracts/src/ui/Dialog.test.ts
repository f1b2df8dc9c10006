/**
 * @jest-environment jsdom
 */
// A dialog the page opens by itself, in the server's HTML: drawn there before any script, hydrated in place (the same
// nodes), then a full modal dialog (focus inside, the page behind hidden from assistive technology, Escape closes).
// Any dialog opened in the browser goes into document.body, as before.
import '../testing/text-encoding';
import { act, createElement, useState, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { Dialog } from './Dialog';
import { theme } from './theme';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

beforeEach(() => {
  document.body.innerHTML = '';
});

function Page({ onClose, children }: { onClose: () => void; children?: ReactNode }) {
  const [open, setOpen] = useState(true);
  return createElement(
    ThemeProvider,
    { theme },
    createElement('main', null, createElement('p', null, 'The card'), children),
    createElement(Dialog, {
      title: 'Bind your cards',
      closeLabel: 'Close',
      open,
      onClose: () => {
        onClose();
        setOpen(false);
      },
      children: createElement('button', { type: 'button' }, 'Bind all'),
    }),
  );
}

it('an open dialog is in the server’s HTML, and hydrates in place as a modal dialog', async () => {
  const html = renderToString(createElement(Page, { onClose: () => undefined }));
  expect(html).toContain('role="dialog"');
  expect(html).toContain('Bind your cards');
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = html;
  document.body.append(root);
  const serverDialog = root.querySelector('[role="dialog"]');
  const onClose = jest.fn();
  const onRecoverableError = jest.fn();
  await act(async () => {
    hydrateRoot(root, createElement(Page, { onClose }), { onRecoverableError });
  });
  expect(onRecoverableError).not.toHaveBeenCalled();
  // The server's node, still in place (not moved into document.body).
  const dialog = root.querySelector('[role="dialog"]');
  expect(dialog).toBe(serverDialog);
  expect(document.body.children).toHaveLength(1);
  // Modal: focus on its first control, the page behind hidden from assistive technology, the dialog itself not.
  expect(document.activeElement?.textContent).toBe('Bind all');
  expect(root.querySelector('main')?.getAttribute('aria-hidden')).toBe('true');
  expect(dialog?.closest('[aria-hidden="true"]')).toBeNull();
  // Escape closes it, and shows the page again.
  await act(async () => {
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  });
  expect(onClose).toHaveBeenCalledTimes(1);
  expect(root.querySelector('[role="dialog"]')).toBeNull();
  expect(root.querySelector('main')?.hasAttribute('aria-hidden')).toBe(false);
});

it('a dialog opened in the browser goes into document.body and hides #root behind it', async () => {
  const root = document.createElement('div');
  root.id = 'root';
  document.body.append(root);
  await act(async () => {
    createRoot(root).render(createElement(Page, { onClose: () => undefined }));
  });
  const dialog = document.querySelector('[role="dialog"]');
  expect(dialog).not.toBeNull();
  expect(root.contains(dialog)).toBe(false);
  expect(root.getAttribute('aria-hidden')).toBe('true');
});
