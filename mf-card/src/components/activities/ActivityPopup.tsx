import { Suspense, useEffect, useState } from 'react';
import { POPUP_DELAY_MS, type Popup } from 'shared-contracts';
import { Button } from 'shared-contracts/ui';
import styled from 'styled-components';
import { Dialog } from 'shared-contracts/ui/dialog';
import { useOpenLink } from './open-link';
import { pickPopup, recordPopupShown } from './popup-frequency';
import { useHomeText } from './text';

const Picture = styled.img`
  display: block;
  inline-size: 100%;
  block-size: auto;
  border-radius: ${({ theme }) => theme.radius.md};
`;

function PopupDialog({ popup, onClose }: { popup: Popup; onClose: () => void }) {
  const { t } = useHomeText();
  const openLink = useOpenLink();
  return (
    <Dialog title={popup.title || t('popup.label')} closeLabel={t('close')} onClose={onClose} testId="activity-popup">
      {popup.image ? <Picture src={popup.image} alt="" /> : null}
      {popup.link ? (
        <Button
          type="button"
          onClick={() => {
            onClose();
            openLink(popup.link);
          }}
        >
          {popup.btnText.trim() || t('popup.go')}
        </Button>
      ) : null}
    </Dialog>
  );
}

/**
 * The activity pop-up list: POPUP_DELAY_MS after the list arrived (and the page is `ready`; later while another modal
 * is open), the first pop-up that is still under its
 * showNumber and past its showRule pause opens (one per visit); each show is counted in ActivityPopup{id}.
 */
export function ActivityPopup({ popups, ready = true }: { popups: ReadonlyArray<Popup>; ready?: boolean }) {
  const [shown, setShown] = useState<Popup | null>(null);
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (done || !ready || !popups.length) return;
    let timer = 0;
    const tick = () => {
      // Another modal (the shell's support sheet, a drawer, a bind dialog) is open: wait until it closes.
      if (document.querySelector('[aria-modal="true"]')) {
        timer = window.setTimeout(tick, POPUP_DELAY_MS);
        return;
      }
      const now = Date.now();
      const popup = pickPopup(popups, now);
      setDone(true);
      if (!popup) return;
      recordPopupShown(popup.id, now);
      setShown(popup);
    };
    timer = window.setTimeout(tick, POPUP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [popups, ready, done]);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <PopupDialog popup={shown} onClose={() => setShown(null)} />
    </Suspense>
  );
}
