import { act, renderHook } from '@testing-library/react';
import { stubCalls } from 'shared-contracts/testing';
import { useNotice } from './use-notice';

const ICCID = '89880000000000000001';
const notice = (title: string) => ({ id: 1, title, content: '', link: '', create: 1, read: false });

describe('useNotice', () => {
  it('stays settled when the language changes, and shows the new answer when it comes', async () => {
    let answer: (value: unknown) => void = () => undefined;
    stubCalls({
      checkNotice: (request) =>
        request.lang === 'en'
          ? { notice: notice('Maintenance'), list: [], unread: 1 }
          : new Promise((resolve) => (answer = () => resolve({ notice: notice('Wartung'), list: [], unread: 1 }))),
    });
    const { result, rerender } = renderHook(({ lang }) => useNotice(ICCID, lang, 'EUR'), {
      initialProps: { lang: 'en' as 'en' | 'de' },
    });
    await act(async () => undefined);
    expect(result.current).toEqual({ settled: true, notice: expect.objectContaining({ title: 'Maintenance' }) });

    rerender({ lang: 'de' });
    await act(async () => undefined);
    // What sits under the strip is not taken down while the other language's answer is on the way.
    expect(result.current.settled).toBe(true);
    await act(async () => answer(undefined));
    expect(result.current.notice?.title).toBe('Wartung');
  });

  it('asks nothing until the currency is known, and never shows another card’s notice', async () => {
    const api = stubCalls({ checkNotice: { notice: notice('Maintenance'), list: [], unread: 1 } });
    const { result, rerender } = renderHook(({ iccid, ccy }) => useNotice(iccid, 'en', ccy), {
      initialProps: { iccid: ICCID, ccy: null as string | null },
    });
    await act(async () => undefined);
    expect(api.calls).toHaveLength(0);
    expect(result.current.settled).toBe(false);
    rerender({ iccid: ICCID, ccy: 'EUR' });
    await act(async () => undefined);
    expect(result.current.notice?.title).toBe('Maintenance');
    rerender({ iccid: '89880000000000000003', ccy: 'EUR' });
    expect(result.current.notice).toBeNull();
  });
});
