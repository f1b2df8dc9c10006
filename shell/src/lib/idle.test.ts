import { whenIdle } from './idle';

describe('whenIdle', () => {
  afterEach(() => {
    delete (window as Partial<Window>).requestIdleCallback;
    delete (window as Partial<Window>).cancelIdleCallback;
    jest.useRealTimers();
  });

  it('runs the work when the browser is idle, at most the timeout later, and not once cancelled', () => {
    const callbacks = new Map<number, IdleRequestCallback>();
    let options: IdleRequestOptions | undefined;
    window.requestIdleCallback = (callback, given) => {
      options = given;
      callbacks.set(callbacks.size + 1, callback);
      return callbacks.size;
    };
    window.cancelIdleCallback = (id) => void callbacks.delete(id);
    const work = jest.fn();
    whenIdle(work, 1500);
    expect(work).not.toHaveBeenCalled();
    expect(options).toEqual({ timeout: 1500 });
    const cancel = whenIdle(work);
    cancel();
    for (const callback of callbacks.values()) callback({ didTimeout: false, timeRemaining: () => 10 });
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs it after the current task where the browser has no idle callbacks', () => {
    jest.useFakeTimers();
    const work = jest.fn();
    whenIdle(work);
    expect(work).not.toHaveBeenCalled();
    jest.runOnlyPendingTimers();
    expect(work).toHaveBeenCalledTimes(1);
    const skipped = jest.fn();
    whenIdle(skipped)();
    jest.runOnlyPendingTimers();
    expect(skipped).not.toHaveBeenCalled();
  });
});
