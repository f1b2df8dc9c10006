import styled from 'styled-components';

export { CardHead as Head } from 'shared-contracts/ui';
export { StatusBadge as Badge } from 'shared-contracts/ui';
export const IccidButton = styled.button`
  min-block-size: ${({ theme }) => theme.touch};
  border: 0;
  background: none;
  padding: 0;
  font: inherit;
  font-family: ui-monospace, monospace;
  color: ${({ theme }) => theme.color.textMuted};
  cursor: copy;
  direction: ltr;
  unicode-bidi: isolate;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
  }
`;

// The widget parts shared with mf-pool's pool card, under the names these widgets use.
export {
  UsageIcons as Icons,
  WidgetActions as Actions,
  WidgetAmounts as Amounts,
  WidgetBody as Body,
  WidgetFoot as Foot,
  WidgetNameButton as NameButton,
  WidgetRow as Row,
} from 'shared-contracts/ui';
