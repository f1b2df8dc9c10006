// 50 sequential requests of the SSR'd card page: server-timing ssr dur (host: render + page) and total request time.
const url = process.argv[2] || 'http://localhost:29010/2/89880000000000000001';
const n = Number(process.argv[3] || 50);
const med = (a) => {
  const s = [...a].sort((x, y) => x - y);
  return s[Math.floor(s.length / 2)];
};
const pct = (a, p) => {
  const s = [...a].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))];
};
(async () => {
  for (let i = 0; i < 5; i++) await (await fetch(url)).text(); // warm-up
  const ssr = [],
    total = [],
    render = [],
    data = [];
  let fallbacks = 0;
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    await res.text();
    total.push(performance.now() - t0);
    if (res.headers.get('x-ssr-fallback')) fallbacks++;
    const st = res.headers.get('server-timing') || '';
    const get = (name) => Number((new RegExp(`${name};dur=([\\d.]+)`).exec(st) || [])[1]);
    ssr.push(get('ssr'));
    data.push(get('data'));
    render.push(get('render') - get('data'));
  }
  const f = (a) => `median ${med(a).toFixed(1)} ms, p90 ${pct(a, 0.9).toFixed(1)} ms`;
  console.log(`${n} requests, fallbacks ${fallbacks}`);
  console.log('host ssr total (server-timing ssr):', f(ssr));
  console.log('  of which route data (api calls):', f(data));
  console.log('  of which React render + styles :', f(render));
  console.log('client-measured request time     :', f(total));
})();
