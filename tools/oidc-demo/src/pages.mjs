/** HTML of the demo provider's two pages; no scripts, one form, readable on a phone, AA contrast. */

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
  .error { color: #a40e26; font-weight: 600; }
`;

export function loginPage({ uid, label, clientId, error }) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(label)}: sign in</title>
<style>${STYLE}</style>
</head>
<body>
<main>
  <span class="badge">Demo provider: not Google or Facebook</span>
  <h1>${escape(label)}</h1>
  <p>This local OpenID provider stands in for a real sign-in provider while the shop runs on this machine.
  Any e-mail address signs in to <strong>${escape(clientId)}</strong>; no password is asked.</p>
  ${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
  <form method="post" action="/interaction/${escape(uid)}/login">
    <label for="email">E-mail address</label>
    <input id="email" name="email" type="email" autocomplete="email" required maxlength="64">
    <div class="actions">
      <button class="secondary" type="submit" name="action" value="deny" formnovalidate>Cancel</button>
      <button class="primary" type="submit" name="action" value="login">Sign in</button>
    </div>
  </form>
</main>
</body>
</html>`;
}

export function errorPage(message) {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo provider: error</title><style>${STYLE}</style></head>
<body><main><span class="badge">Demo provider</span><h1>Sign-in failed</h1>
<p class="error" role="alert">${escape(message)}</p></main></body>
</html>`;
}
