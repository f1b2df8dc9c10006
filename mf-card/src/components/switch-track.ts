import { css } from 'styled-components';

/**
 * An on/off switch's look, for a `button role="switch"` holding a `.track` span: a 44px touch target, a visible focus
 * ring, the thumb at the line's end side when on in either reading direction, no motion when the user asks for none.
 */
export const switchTrack = css`
  min-block-size: ${({ theme }) => theme.touch};
  padding: 0;
  border: 0;
  background: none;
  color: inherit;
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
  .track {
    position: relative;
    flex: none;
    inline-size: 48px;
    block-size: 28px;
    border-radius: 14px;
    background: ${({ theme }) => theme.color.textMuted};
    transition: background 0.15s;
  }
  .track::after {
    content: '';
    position: absolute;
    inset-block-start: 3px;
    inset-inline-start: 3px;
    inline-size: 22px;
    block-size: 22px;
    border-radius: 50%;
    background: #fff;
    transition: inset-inline-start 0.15s;
  }
  &[aria-checked='true'] .track {
    background: ${({ theme }) => theme.color.primaryDark};
  }
  &[aria-checked='true'] .track::after {
    inset-inline-start: 23px;
  }
  @media (prefers-reduced-motion: reduce) {
    .track,
    .track::after {
      transition: none;
    }
  }
`;
