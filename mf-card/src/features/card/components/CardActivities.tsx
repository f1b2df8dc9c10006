import { useState } from 'react';
import styled from 'styled-components';
import { getStorage, recallSeenKey } from 'shared-contracts';
import { floatSecondSlot } from 'shared-contracts/ui';
import { ActivityPopup } from '../../../components/activities/ActivityPopup';
import { FloatGift, FloatingStack } from '../../../components/activities/FloatingButtons';
import { RecallDialog } from '../../../components/activities/RecallDialog';
import { useActivities } from '../../../components/activities/use-activities';
import { CARD_DETAIL_POSITION } from '../lib/card-calls';

/**
 * A dismissed recall offer stays away this long for that card (storage recallSeenKey, mirrored into a cookie so the
 * server-rendered page leaves it out too).
 */
const RECALL_PAUSE_MS = 24 * 60 * 60 * 1000;

// Above the card page's sticky buy bar: the second slot of the stack, inside the room PageFrame leaves for it.
const FloatAboveBuyBar = styled(FloatingStack)`
  inset-block-end: ${floatSecondSlot};
`;

/**
 * What the card page shows around the card once it is loaded (its own chunk): the activity pop-up, the floating gift
 * (the header has the support chat), and, for a card with an alert (show_alert), the recall offer (a free 30-day
 * plan). The newest unread notice is the card page's own (NoticeStrip).
 */
export default function CardActivities({ iccid, showAlert }: { iccid: string; showAlert: boolean }) {
  const activities = useActivities({ iccid, position: CARD_DETAIL_POSITION });
  const recallKey = recallSeenKey(iccid);
  const [recallOpen, setRecallOpen] = useState(() => {
    const seen = Number(getStorage().get(recallKey));
    return showAlert && !(seen > 0 && Date.now() - seen < RECALL_PAUSE_MS);
  });
  const recall = recallOpen && activities.recalls.length > 0;
  return (
    <>
      {recall && (
        <RecallDialog
          items={activities.recalls}
          iccid={iccid}
          onClose={() => {
            getStorage().set(recallKey, String(Date.now()));
            setRecallOpen(false);
          }}
        />
      )}
      <ActivityPopup popups={activities.popups} ready={activities.loaded && !recall} />
      <FloatAboveBuyBar>
        <FloatGift items={activities.floats} iccid={iccid} />
      </FloatAboveBuyBar>
    </>
  );
}
