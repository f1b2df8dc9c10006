import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { getApiClient } from '../../../lib/api-client';
import { useRemoteTranslation } from '../../../lib/remote';

const Line = styled.p<{ $online: boolean }>`
  margin: 0;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.font.sm};
  color: ${({ theme }) => theme.color.textMuted};
  &::before {
    content: '';
    inline-size: 10px;
    block-size: 10px;
    border-radius: 50%;
    background: ${({ theme, $online }) => ($online ? theme.color.primaryDark : theme.color.textMuted)};
  }
`;

/**
 * Whether the device was seen on a network recently (/eid/checkOnline, the provider's last-seen): a quick answer to
 * "is my eSIM working?". Quiet when it cannot be asked (nothing is shown then).
 */
export function OnlineState({ eid }: { eid: string }) {
  const { t } = useRemoteTranslation();
  const [online, setOnline] = useState<boolean | null>(null);
  useEffect(() => {
    let cancelled = false;
    void getApiClient()
      .call('eidCheckOnline', { eid }, { closeMessage: true, disableBack: true })
      .then((result) => {
        if (!cancelled && result.ok) setOnline(result.data.online);
      });
    return () => {
      cancelled = true;
    };
  }, [eid]);
  if (online === null) return null;
  return (
    <Line $online={online} role="status" data-testid="slot-online" data-online={online}>
      {online ? t('online.yes') : t('online.no')}
    </Line>
  );
}
