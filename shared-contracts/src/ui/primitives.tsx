import styled from 'styled-components';

// Panels and text every remote's first view uses. Buttons live in button.tsx, widget parts in widget.tsx: a module
// is bundled whole, so a page takes only the groups it uses.

export const Card = styled.section`
  background: ${({ theme }) => theme.color.surface};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow};
  padding: ${({ theme }) => theme.space.lg};
`;

export const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;
