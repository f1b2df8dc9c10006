import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { getStorage, type Language, type Notice } from 'shared-contracts';
import { getApiClient } from '../../../lib/api-client';
import { useRemoteTranslation } from '../../../lib/remote';
import { ActivityPopup } from '../../../components/activities/ActivityPopup';
import { FloatGift, FloatingStack } from '../../../components/activities/FloatingButtons';
import { RecallDialog } from '../../../components/activities/RecallDialog';
import { useActivities } from '../../../components/activities/use-activities';

/** The card page's activity slot (message/activity position). */
export const CARD_DETAIL_POSITION = 'cardDetail';
/** A dismissed recall offer stays away this long for that card (localStorage RECALL_SEEN{iccid}). */
const RECALL_PAUSE_MS = 24 * 60 * 60 * 1000;

// Above the card page's sticky buy bar.
const FloatAboveBuyBar = styled(FloatingStack)`
  inset-block-end: calc(150px + env(safe-area-inset-bottom, 0px));
`;

const NoticeStrip = styled(Link)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-block-size: ${({ theme }) => theme.touch};
  padding-inline: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: #fff7e6;
  color: #8a4b00;
  font-size: ${({ theme }) => theme.font.sm};
  text-decoration: none;
  span {
    flex: 1;
    min-inline-size: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  b {
    flex: none;
  }
  svg {
    flex: none;
    inline-size: 20px;
    block-size: 20px;
    fill: none;
    stroke: currentColor;
    stroke-width: 1.8;
    stroke-linejoin: round;
  }
`;

/** The newest unread notice of the card (get/notice), as a strip that opens the notices page. */
function useNotice(iccid: string, lang: Language, ccy: string): Notice | null {
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => {
    let live = true;
    void getApiClient()
      .call('checkNotice', { iccid, lang, ccy }, { closeMessage: true })
      .then((result) => {
        if (live && result.ok) setNotice(result.data.notice);
      });
    return () => {
      live = false;
    };
  }, [iccid, lang, ccy]);
  return notice;
}

/**
 * What the card page shows around the card once it is loaded (its own chunk): the newest unread notice, the
 * activity pop-up, the floating gift (the header has the support chat), and, for a card with an alert (show_alert), the recall
 * offer (a free 30-day plan).
 */
export default function CardActivities({
  iccid,
  lang,
  ccy,
  showAlert,
}: {
  iccid: string;
  lang: Language;
  ccy: string;
  showAlert: boolean;
}) {
  const { t } = useRemoteTranslation();
  const activities = useActivities({ iccid, position: CARD_DETAIL_POSITION });
  const notice = useNotice(iccid, lang, ccy);
  const recallKey = `RECALL_SEEN${iccid}`;
  const [recallOpen, setRecallOpen] = useState(() => {
    const seen = Number(getStorage().get(recallKey));
    return showAlert && !(seen > 0 && Date.now() - seen < RECALL_PAUSE_MS);
  });
  const recall = recallOpen && activities.recalls.length > 0;
  return (
    <>
      {notice && (
        <NoticeStrip to={`/card/msg?iccid=${encodeURIComponent(iccid)}`} data-testid="card-notice">
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M4 10v4h3l6 4V6L7 10H4zm12-1.5a4 4 0 0 1 0 7" />
          </svg>
          <span>{notice.title}</span>
          <b>{t('notice.read')}</b>
        </NoticeStrip>
      )}
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
