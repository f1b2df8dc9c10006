/**
 * A new task, right away: a message to ourselves (nested timers are held 4 ms from the fifth on; Chromium's
 * scheduler.yield() continuations ran two stages in one task when measured). Between two tasks the browser may paint
 * and handle input: the page's start-up is a series of short tasks instead of one long one.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    // Without MessageChannel (jsdom): a timer.
    if (typeof MessageChannel === 'undefined') {
      setTimeout(resolve, 0);
      return;
    }
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
