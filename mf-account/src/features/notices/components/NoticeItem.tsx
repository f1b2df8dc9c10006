import { useId } from 'react';
import { Link } from 'react-router-dom';
import { VisuallyHidden } from 'shared-contracts/ui';
import styled, { css } from 'styled-components';
import { type Notice } from '../api/notices';

const Item = styled.li<{ $unread: boolean }>`
  background: ${({ theme }) => theme.color.surface};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow};
  overflow: hidden;
  border-inline-start: 4px solid ${({ theme, $unread }) => ($unread ? theme.color.primary : 'transparent')};
`;

const Toggle = styled.button`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.md};
  inline-size: 100%;
  min-block-size: ${({ theme }) => theme.touch};
  padding: ${({ theme }) => theme.space.lg};
  border: 0;
  background: none;
  color: inherit;
  font: inherit;
  text-align: start;
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: -3px;
  }
`;

const Texts = styled.span`
  flex: 1;
  min-inline-size: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
`;

const Title = styled.span<{ $unread: boolean }>`
  font-size: ${({ theme }) => theme.font.lg};
  font-weight: ${({ $unread }) => ($unread ? 700 : 600)};
  overflow-wrap: anywhere;
`;

const Meta = styled.span`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.sm};
`;

const NewBadge = styled.span`
  padding-block: 1px;
  padding-inline: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: #e7f8ef;
  color: ${({ theme }) => theme.color.primaryDark};
  font-weight: 700;
  font-size: 12px;
`;

const Preview = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  display: -webkit-box;
  -webkit-line-clamp: 2;
  -webkit-box-orient: vertical;
  overflow: hidden;
  overflow-wrap: anywhere;
`;

const Chevron = styled.svg<{ $open: boolean }>`
  flex: none;
  margin-block-start: 2px;
  color: ${({ theme }) => theme.color.textMuted};
  transition: transform 0.2s ease;
  ${({ $open }) =>
    $open &&
    css`
      transform: rotate(180deg);
    `}
`;

const Body = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  padding: 0 ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.lg};
  &[hidden] {
    display: none;
  }
  p {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    line-height: 1.55;
  }
`;

const linkStyle = css`
  justify-self: start;
  display: inline-flex;
  align-items: center;
  min-block-size: ${({ theme }) => theme.touch};
  padding-inline: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ theme }) => theme.color.border};
  color: ${({ theme }) => theme.color.primaryDark};
  font-weight: 600;
  text-decoration: none;
`;
const ExternalLink = styled.a`
  ${linkStyle}
`;
const InternalLink = styled(Link)`
  ${linkStyle}
`;

/** Only links the shop can vouch for: its own paths or http(s) addresses. */
function noticeLink(link: string): { internal: string } | { external: string } | null {
  const value = link.trim();
  if (value.startsWith('/') && !value.startsWith('//') && !value.includes('\\')) return { internal: value };
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? { external: url.toString() } : null;
  } catch {
    return null;
  }
}

export interface NoticeItemLabels {
  unread: string;
  fresh: string;
  openLink: string;
}

/** One notice: title, date and a preview; a tap shows the whole text (and its link). */
export function NoticeItem({
  notice,
  unread,
  expanded,
  date,
  labels,
  onToggle,
}: {
  notice: Notice;
  unread: boolean;
  expanded: boolean;
  date: string;
  labels: NoticeItemLabels;
  onToggle: () => void;
}) {
  const bodyId = useId();
  const link = expanded && notice.link ? noticeLink(notice.link) : null;
  return (
    <Item $unread={unread} data-testid="notice" data-unread={unread ? 'true' : 'false'}>
      <Toggle type="button" aria-expanded={expanded} aria-controls={bodyId} onClick={onToggle}>
        <Texts>
          <Title $unread={unread}>
            {unread && <VisuallyHidden>{labels.unread}: </VisuallyHidden>}
            <bdi>{notice.title}</bdi>
          </Title>
          <Meta>
            <time dateTime={new Date(notice.create * 1000).toISOString()}>{date}</time>
            {unread && <NewBadge aria-hidden="true">{labels.fresh}</NewBadge>}
          </Meta>
          {!expanded && (
            <Preview aria-hidden="true">
              <bdi>{notice.content}</bdi>
            </Preview>
          )}
        </Texts>
        <Chevron $open={expanded} width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </Chevron>
      </Toggle>
      <Body id={bodyId} hidden={!expanded} data-testid="notice-body">
        {expanded && (
          <p>
            <bdi>{notice.content}</bdi>
          </p>
        )}
        {link && 'internal' in link && <InternalLink to={link.internal}>{labels.openLink}</InternalLink>}
        {link && 'external' in link && (
          <ExternalLink href={link.external} target="_blank" rel="noopener noreferrer">
            {labels.openLink}
          </ExternalLink>
        )}
      </Body>
    </Item>
  );
}
