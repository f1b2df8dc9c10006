import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { buttonLook, type ButtonVariant } from './button';
import { Card } from './primitives';

// Parts no remote's first view needs: their own module, so a page that does not use them does not carry them
// (primitives.tsx is in every remote's first chunk).

/** A link to an outside page drawn as a button (shop links from data; check them with safeLink first). */
export const ButtonAnchor = styled.a<{ $variant?: ButtonVariant }>`
  ${buttonLook}
`;

/** A link to a page of the site drawn as a button (a router link: no page reload). */
export const ButtonLink = styled(Link)<{ $variant?: ButtonVariant }>`
  ${buttonLook}
`;

/** A list of cards one under another (orders, notices): no bullets, the cards' own gap. */
export const CardList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

/** A page's message in place of its list: nothing yet, a failed load with its retry, a login line. */
export const MessageCard = styled(Card)`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space.md};
  padding-block: ${({ theme }) => theme.space.xl};
  text-align: center;
`;

/** Text for screen readers only (a loading line, an "Unread:" prefix). */
export const VisuallyHidden = styled.span`
  position: absolute !important;
  inline-size: 1px;
  block-size: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  clip-path: inset(50%);
  white-space: nowrap;
`;
