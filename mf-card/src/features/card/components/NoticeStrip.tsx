import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { type Notice } from 'shared-contracts';
import { useRemoteTranslation } from '../../../lib/remote';

const Strip = styled(Link)`
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

/** The card's newest unread notice, as a strip that opens the notices page. */
export function NoticeStrip({ iccid, notice }: { iccid: string; notice: Notice }) {
  const { t } = useRemoteTranslation();
  return (
    <Strip to={`/card/msg?iccid=${encodeURIComponent(iccid)}`} data-testid="card-notice">
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M4 10v4h3l6 4V6L7 10H4zm12-1.5a4 4 0 0 1 0 7" />
      </svg>
      <span>{notice.title}</span>
      <b>{t('notice.read')}</b>
    </Strip>
  );
}
