// @ts-check
// A server-rendered page's code, asked for once the page has painted (inlined at the end of the page's body by
// page.mjs shellPage, with the response's CSP nonce). The page's HTML is its first view: its status, expiry and data
// left show without any script. Its code (the shell's entry scripts, in order, and the preloads of the route's remote
// files, #page-code) is asked for right after that first paint instead of while the HTML is still being laid out.
// Measured on the card page (real Chromium, no throttling, a 2-core machine): the scripts arriving and compiling
// beside the first layout slowed it from about 50 to 280 ms (the layout's font look-ups wait on the busy browser
// process), and the first paint came at about 690 ms instead of 260 ms. Asking after the paint costs one frame.
(() => {
  const list = document.getElementById('page-code');
  if (!list) return;
  /** @type {{ scripts: string[], preloads: Array<[string, string, string?, string?]> }} */
  const code = JSON.parse(list.textContent || '{}');
  /** @type {Array<() => void>} */
  const steps = [
    // The entry's scripts first, in the order given (webpack's split chunks, then the entry), as the deferred tags
    // they replace; then the preloads, which the entry will ask for.
    ...code.scripts.map((src) => () => {
      const script = document.createElement('script');
      script.src = src;
      script.async = false;
      document.head.append(script);
    }),
    ...code.preloads.map(([href, as, crossOrigin, integrity]) => () => {
      const link = document.createElement('link');
      link.rel = 'preload';
      link.href = href;
      link.as = as;
      if (crossOrigin) link.crossOrigin = crossOrigin;
      if (integrity) link.integrity = integrity;
      document.head.append(link);
    }),
  ];
  // One request per task: starting a request takes the main thread a while on a slow phone (measured here with the
  // CPU slowed four times: 10 to 40 ms each), and the page's dozen in one task was a long task.
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    steps.shift()?.();
    if (steps.length) channel.port2.postMessage(null);
    else channel.port1.close();
  };
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    channel.port2.postMessage(null);
  };
  // A frame's callback runs just before that frame paints; a task queued from it runs after the paint. A page that is
  // not shown paints no frame (a tab opened in the background): its code starts now.
  if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0));
  else start();
  document.addEventListener('visibilitychange', start, { once: true });
})();
