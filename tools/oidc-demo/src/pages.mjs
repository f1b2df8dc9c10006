/**
 * HTML of the demo provider's two pages; no scripts, one form, readable on a phone, WCAG 2.1 AA (lang, labels,
 * contrast). No request beyond the page itself: the icon is an inline one (a browser asks for /favicon.ico
 * otherwise, which the server answers too).
 */

const escape = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STYLE = `
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2328;
         background: #f3f5f7; }
  main { max-width: 420px; margin: 0 auto; padding: 24px 20px; }
  .badge { display: inline-block; padding: 4px 10px; border-radius: 999px; background: #fff4ce; color: #5c4400;
           font-weight: 600; font-size: 14px; }
  h1 { font-size: 22px; margin: 16px 0 8px; }
  p { margin: 0 0 16px; }
  label { display: block; font-weight: 600; margin-bottom: 6px; }
  input { box-sizing: border-box; width: 100%; min-height: 48px; padding: 10px 12px; font-size: 16px;
          border: 1px solid #6e7781; border-radius: 8px; }
  .actions { display: flex; gap: 12px; margin-top: 20px; }
  button { min-height: 48px; flex: 1; font-size: 16px; font-weight: 600; border-radius: 8px; cursor: pointer; }
  .primary { background: #0b5cad; color: #fff; border: 0; }
  .secondary { background: #fff; color: #1f2328; border: 1px solid #6e7781; }
  button:focus-visible, input:focus-visible { outline: 3px solid #0b5cad; outline-offset: 2px; }
  .error { color: #a40e26; font-weight: 600; }
`;

/** An inline icon (a key on the demo badge's yellow), so the page asks for no /favicon.ico. */
const ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Crect width='16' height='16' " +
  "rx='4' fill='%23fff4ce'/%3E%3Ccircle cx='6' cy='8' r='3' fill='none' stroke='%235c4400' stroke-width='1.6'/%3E" +
  "%3Cpath d='M9 8h5M12 8v2' stroke='%235c4400' stroke-width='1.6'/%3E%3C/svg%3E";

const head = (title) => `<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<link rel="icon" href="${ICON}">
<style>${STYLE}</style>
</head>`;

export function loginPage({ uid, label, clientId, error }) {
  return `<!doctype html>
<html lang="en">
${head(`${label}: sign in`)}
<body>
<main>
  <span class="badge">Demo provider: not Google or Facebook</span>
  <h1>${escape(label)}</h1>
  <p>This local OpenID provider stands in for a real sign-in provider while the shop runs on this machine.
  Any e-mail address signs in to <strong>${escape(clientId)}</strong>; no password is asked.</p>
  ${error ? `<p class="error" id="email-error" role="alert">${escape(error)}</p>` : ''}
  <form method="post" action="/interaction/${escape(uid)}/login">
    <label for="email">E-mail address</label>
    <input id="email" name="email" type="email" autocomplete="email" required maxlength="64" autofocus${
      error ? ' aria-invalid="true" aria-describedby="email-error"' : ''
    }>
    <div class="actions">
      <!-- Sign in comes first: Enter in the field presses a form's first submit button. -->
      <button class="primary" type="submit" name="action" value="login">Sign in</button>
      <button class="secondary" type="submit" name="action" value="deny" formnovalidate>Cancel</button>
    </div>
  </form>
</main>
</body>
</html>`;
}

export function errorPage(message) {
  return `<!doctype html>
<html lang="en">
${head('Demo provider: error')}
<body><main><span class="badge">Demo provider</span><h1>Sign-in failed</h1>
<p class="error" role="alert">${escape(message)}</p></main></body>
</html>`;
}
