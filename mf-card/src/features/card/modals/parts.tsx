import styled from 'styled-components';

/** Button row at the end of a dialog: equal widths, the confirming action last. */
export const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.md};
  margin-block-start: ${({ theme }) => theme.space.lg};
  > * {
    flex: 1;
  }
`;

export const Field = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  label {
    font-weight: 600;
  }
  input {
    min-block-size: ${({ theme }) => theme.touch};
    padding-inline: ${({ theme }) => theme.space.md};
    border: 1px solid ${({ theme }) => theme.color.border};
    border-radius: ${({ theme }) => theme.radius.sm};
    font: inherit;
    box-sizing: border-box;
    inline-size: 100%;
  }
  input[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.color.danger};
  }
`;

export const ErrorLine = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.danger};
  font-size: ${({ theme }) => theme.font.sm};
`;
