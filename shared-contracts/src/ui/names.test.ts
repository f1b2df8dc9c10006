/**
 * @jest-environment jsdom
 */
// The 'contracts' project runs in node and takes .ts tests only: this file asks for jsdom and renders without JSX.
import '../testing/text-encoding';
import { cleanup, screen } from '@testing-library/react';
import i18n from 'i18next';
import { createElement } from 'react';
import { useTranslation } from 'react-i18next';
import { renderRemote } from '../testing/render';
import { SentenceWithNames } from './names';

function Line({ values, names }: { values: Record<string, string>; names: Record<string, boolean> }) {
  const { t } = useTranslation('names-test');
  return createElement(
    'p',
    { 'data-testid': 'line' },
    createElement(SentenceWithNames, { t, i18nKey: 'remove', values, names }),
  );
}

const show = (values: Record<string, string>, names: Record<string, boolean>) =>
  renderRemote(createElement(Line, { values, names }));

beforeAll(async () => {
  await renderRemote(createElement('p'));
  i18n.addResourceBundle('en', 'names-test', { remove: '<card>{{card}}</card> leaves <pool>{{pool}}</pool>.' });
  cleanup();
});

afterEach(() => cleanup());

describe('SentenceWithNames', () => {
  it('marks the user\'s names translate="no", not a translated default name', async () => {
    await show({ card: 'Dad', pool: 'Shared Plan 2' }, { card: true, pool: false });
    const line = screen.getByTestId('line');
    expect(line.textContent).toBe('Dad leaves Shared Plan 2.');
    expect(screen.getByText('Dad').getAttribute('translate')).toBe('no');
    expect(screen.getByText('Shared Plan 2').hasAttribute('translate')).toBe(false);
  });

  it('shows a name exactly as typed: no markup, no entities read', async () => {
    const card = '<3 Mom & <b>Dad</b> &amp; <pool>x</pool>';
    await show({ card, pool: 'Family' }, { card: true, pool: true });
    const line = screen.getByTestId('line');
    expect(line.textContent).toBe(`${card} leaves Family.`);
    expect(line.querySelector('b')).toBeNull();
    expect(line.querySelectorAll('[translate="no"]')).toHaveLength(2);
  });
});
