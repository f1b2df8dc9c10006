import styled, { css } from 'styled-components';

// The look of the account forms: one column, touch-sized inputs, a visible focus ring, logical properties only.

export const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
`;

export const FieldBox = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  label {
    font-weight: 600;
  }
`;

/** Text inputs and selects: one look. */
const fieldLook = css`
  box-sizing: border-box;
  inline-size: 100%;
  min-block-size: ${({ theme }) => theme.touch};
  padding-inline: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.surface};
  color: inherit;
  font: inherit;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 1px;
  }
`;

export const Input = styled.input`
  ${fieldLook}
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.color.danger};
  }
`;

export const Select = styled.select`
  ${fieldLook}
`;

export const Hint = styled.small`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.sm};
`;

export const FieldError = styled.small`
  color: ${({ theme }) => theme.color.danger};
  font-size: ${({ theme }) => theme.font.sm};
`;

/** The form's own line for a failed submit (the client's toast says it too, but may be out of view). */
export const FormAlert = styled.p`
  margin: 0;
  padding-block: ${({ theme }) => theme.space.sm};
  padding-inline: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.sm};
  border-inline-start: 4px solid ${({ theme }) => theme.color.danger};
  background: #fdecea;
  color: ${({ theme }) => theme.color.danger};
  overflow-wrap: anywhere;
`;

/** A text action inside a form ("Forgot password?", "Change e-mail"): a button that looks like a link. */
export const TextButton = styled.button`
  justify-self: start;
  min-block-size: ${({ theme }) => theme.touch};
  padding-inline: ${({ theme }) => theme.space.xs};
  border: 0;
  background: none;
  color: ${({ theme }) => theme.color.primaryDark};
  font: inherit;
  font-weight: 600;
  text-decoration: underline;
  cursor: pointer;
  &:disabled {
    color: ${({ theme }) => theme.color.textMuted};
    text-decoration: none;
    cursor: default;
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;
