/**
 * Copies `text` to the clipboard: the async Clipboard API where the page may use it, else a selected textarea and
 * execCommand (older browsers, non-secure origins). Resolves true when the text was copied; never rejects, since a
 * failed copy is silently ignored (spec section 8).
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    return false;
  }
  try {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const done = typeof document.execCommand === 'function' && document.execCommand('copy');
    area.remove();
    return Boolean(done);
  } catch {
    return false;
  }
}
