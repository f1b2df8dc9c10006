import { Link } from 'react-router-dom';
import styled, { keyframes } from 'styled-components';
import { buttonLook, type ButtonVariant, Card } from 'shared-contracts/ui';
import { TONE_COLOURS as tones, type Tone } from '../lib/tones';

export const ToneBadge = styled.span<{ $tone: Tone }>`
  display: inline-flex;
  align-items: center;
  flex: none;
  padding-block: 2px;
  padding-inline: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: ${({ theme }) => theme.font.sm};
  font-weight: 600;
  background: ${({ $tone }) => tones[$tone].background};
  color: ${({ $tone }) => tones[$tone].color};
`;

/** A record's line about the network (being set up, refused): a tinted strip in its tone's colours. */
export const NetworkNote = styled.p<{ $tone: Tone }>`
  margin: 0;
  justify-self: start;
  padding-block: 2px;
  padding-inline: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.sm};
  font-size: ${({ theme }) => theme.font.sm};
  font-weight: 600;
  background: ${({ $tone }) => tones[$tone].background};
  color: ${({ $tone }) => tones[$tone].color};
`;

export const Summary = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

export const Mono = styled.span`
  font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
  direction: ltr;
  unicode-bidi: isolate;
  overflow-wrap: anywhere;
`;

export const PrimaryLink = styled(Link)<{ $variant?: ButtonVariant }>`
  ${buttonLook}
  white-space: nowrap;
`;
export const SecondaryLink = styled(Link).attrs<{ $variant?: ButtonVariant }>({ $variant: 'secondary' })`
  ${buttonLook}
  white-space: nowrap;
`;

export const LinkRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  > * {
    flex: 1 1 140px;
  }
`;

export const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  h2 {
    margin: 0;
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.font.lg};
  }
`;

export const Count = styled.span`
  min-inline-size: 24px;
  padding-inline: 6px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.border};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.sm};
  text-align: center;
  line-height: 22px;
`;

export const SectionEmpty = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space.lg};
  border: 1px dashed ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.color.textMuted};
  text-align: center;
`;

export const RecordTile = styled(Card)<{ $tone: Tone }>`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  border-inline-start: 4px solid
    ${({ $tone }) => ($tone === 'active' || $tone === 'pending' ? tones[$tone].color : '#D5D8DD')};
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.md};
    line-height: 1.35;
    overflow-wrap: anywhere;
  }
`;

export const RecordHead = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;

export const Facts = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.font.sm};
  dt {
    color: ${({ theme }) => theme.color.textMuted};
  }
  dd {
    margin: 0;
    text-align: end;
    font-weight: 600;
  }
`;

export const Meter = styled.div`
  block-size: 8px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.border};
  overflow: hidden;
  > span {
    display: block;
    block-size: 100%;
    border-radius: inherit;
    background: ${({ theme }) => theme.color.primary};
  }
`;

export const Centered = styled(Card)`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space.md};
  text-align: center;
  padding-block: ${({ theme }) => theme.space.xl};
`;

const shimmer = keyframes`
  from { background-position: 100% 0; }
  to { background-position: -100% 0; }
`;
export const SkeletonBlock = styled.div<{ $h: number }>`
  block-size: ${({ $h }) => $h}px;
  border-radius: ${({ theme }) => theme.radius.lg};
  background: linear-gradient(90deg, #eceef1 25%, #f6f7f9 50%, #eceef1 75%);
  background-size: 200% 100%;
  animation: ${shimmer} 1.4s ease-in-out infinite;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;
