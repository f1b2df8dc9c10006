import { intlWarmed, makeFirstFormats, warmIntl, WARM_INTL_DONE } from './warm-intl';

/** A worker stand-in: an EventTarget that records what the page sends and whether it was ended. */
function fakeWorker() {
  const target = new EventTarget();
  const worker = {
    sent: [] as unknown[],
    ended: 0,
    postMessage: (message: unknown) => worker.sent.push(message),
    terminate: () => {
      worker.ended += 1;
    },
    addEventListener: target.addEventListener.bind(target),
    reply: (data: unknown) => target.dispatchEvent(new MessageEvent('message', { data })),
    fail: () => target.dispatchEvent(new Event('error')),
  };
  return worker;
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

describe('warmIntl', () => {
  afterEach(() => jest.useRealTimers());

  it('sends the language and settles once the worker says it is done, then ends the worker', async () => {
    const worker = fakeWorker();
    warmIntl(() => worker as unknown as Worker, 'ar');
    expect(worker.sent).toEqual([{ lang: 'ar' }]);
    expect(await settled(intlWarmed())).toBe(false);
    worker.reply('something else');
    expect(await settled(intlWarmed())).toBe(false);
    worker.reply(WARM_INTL_DONE);
    expect(await settled(intlWarmed())).toBe(true);
    expect(worker.ended).toBeGreaterThan(0);
  });

  it('does not wait for a worker that fails or never answers', async () => {
    const failing = fakeWorker();
    warmIntl(() => failing as unknown as Worker, 'en');
    failing.fail();
    expect(await settled(intlWarmed())).toBe(true);

    jest.useFakeTimers();
    const silent = fakeWorker();
    warmIntl(() => silent as unknown as Worker, 'en', 300);
    expect(await settled(intlWarmed())).toBe(false);
    jest.advanceTimersByTime(300);
    expect(await settled(intlWarmed())).toBe(true);
    expect(silent.ended).toBe(1);
  });

  it('starts nothing where there is no worker, or where making one throws', async () => {
    warmIntl(() => null, 'en');
    expect(await settled(intlWarmed())).toBe(true);
    warmIntl(() => {
      throw new Error('blocked by the page policy');
    }, 'en');
    expect(await settled(intlWarmed())).toBe(true);
  });

  it("makes the page's first formats, and refuses a language Intl does not know", () => {
    expect(() => makeFirstFormats('he')).not.toThrow();
    expect(() => makeFirstFormats('not a language!')).toThrow(RangeError);
  });
});
