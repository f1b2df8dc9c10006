import styled from 'styled-components';

export const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  min-inline-size: 0;
`;

export const Heading = styled.h2`
  margin: ${({ theme }) => theme.space.sm} 0 0;
  font-size: ${({ theme }) => theme.font.lg};
`;

export const ProfileList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.md};
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
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

export const Mono = styled.span`
  font-family: ui-monospace, monospace;
  direction: ltr;
  unicode-bidi: isolate;
  overflow-wrap: anywhere;
`;

export const Guide = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  padding-block-start: ${({ theme }) => theme.space.md};
  border-block-start: 1px solid ${({ theme }) => theme.color.border};
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.md};
  }
`;

export const QrBox = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space.xs};
  svg {
    max-inline-size: 100%;
    block-size: auto;
  }
`;

export const CodeRow = styled.div`
  display: grid;
  grid-template-columns: 1fr auto;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.font.sm};
  > div {
    display: grid;
    gap: 2px;
    min-inline-size: 0;
  }
  span:first-child {
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

export const Warning = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  border-inline-start: 4px solid ${({ theme }) => theme.color.warning};
  background: ${({ theme }) => theme.color.background};
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.sm};
`;

export const Progress = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.font.sm};
  progress {
    inline-size: 100%;
    block-size: 8px;
    accent-color: ${({ theme }) => theme.color.primaryDark};
  }
`;
