import styled, { css } from 'styled-components';

const focusRing = css`
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

// The shell's buttons look like every remote's (shared-contracts/ui).
export { Button } from 'shared-contracts/ui';

/** Square icon-only button; always give it an aria-label. */
export const IconButton = styled.button`
  inline-size: ${({ theme }) => theme.touch};
  block-size: ${({ theme }) => theme.touch};
  display: inline-grid;
  place-items: center;
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: transparent;
  color: inherit;
  cursor: pointer;
  position: relative;
  &:hover {
    background: rgba(0, 0, 0, 0.05);
  }
  ${focusRing}
`;
