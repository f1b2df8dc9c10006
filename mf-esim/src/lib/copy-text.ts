import { publish, SUCCESS_MESSAGES } from 'shared-contracts';

/** Copies text; resolves false when the browser refuses (the caller ignores a failure silently, spec section 8). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Copies text and says 'copy_succ' when it worked; a failed copy shows nothing. */
export function copyWithToast(text: string): void {
  void copyText(text).then((copied) => {
    if (copied) publish('toast', { kind: 'success', messageKey: SUCCESS_MESSAGES.copySucc });
  });
}
