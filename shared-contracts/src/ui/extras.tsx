import styled from 'styled-components';
import { buttonLook, type ButtonVariant } from './button';

// Parts no remote's first view needs: their own module, so a page that does not use them does not carry them
// (primitives.tsx is in every remote's first chunk).

/** A link to an outside page drawn as a button (shop links from data; check them with safeLink first). */
export const ButtonAnchor = styled.a<{ $variant?: ButtonVariant }>`
  ${buttonLook}
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
