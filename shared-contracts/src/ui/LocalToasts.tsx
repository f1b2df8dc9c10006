import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useIsClient } from './is-client';
import { getBus } from 'shared-contracts';
import { ToastView, useToastSlot } from './toasts';

/**
 * Toasts where no shell listens (a remote's standalone page, a partner's page): the same bus events, shown the way
 * the shell shows them (one at a time, announced), at the top of the viewport.
 */
export function LocalToasts() {
  const { toast, show, dismiss } = useToastSlot();
  useEffect(() => getBus().subscribe('toast', show), [show]);
  // The portal's target is the document's body: not on the server, nor in the render that hydrates server HTML.
  if (!useIsClient()) return null;
  return createPortal(<ToastView toast={toast} onDismiss={dismiss} top="16px" testId="local-toasts" />, document.body);
}
