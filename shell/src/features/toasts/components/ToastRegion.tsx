import { createPortal } from 'react-dom';
import { useTheme } from 'styled-components';
import { ToastView, useToastSlot } from 'shared-contracts/ui/toasts';
import { useIsClient } from 'shared-contracts/ui';
import { useBusEvent } from '../../../lib/use-bus-event';

/**
 * Shows the 'toast' events any package publishes on the bus: one at a time (a newer one replaces the one shown), in
 * a band under the site's sticky header, clear of the floating buttons and the sticky bars at the bottom. The live
 * regions are always in the page (outside #root, so they are still announced while a dialog hides the rest), which
 * makes screen readers announce each new message.
 */
export function ToastRegion() {
  const theme = useTheme();
  const { toast, show, dismiss } = useToastSlot();
  useBusEvent('toast', show);
  // The portal's target is the document's body: not on the server, nor in the render that hydrates its HTML.
  if (!useIsClient()) return null;
  return createPortal(
    <ToastView toast={toast} onDismiss={dismiss} top={`calc(${theme.layout.header} + ${theme.space.sm})`} />,
    document.body,
  );
}
