import styled, { keyframes } from 'styled-components';

const shimmer = keyframes`
  from { background-position: 100% 0; }
  to { background-position: -100% 0; }
`;

const Bar = styled.div<{ $h: string; $w: string }>`
  block-size: ${({ $h }) => $h};
  inline-size: ${({ $w }) => $w};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: linear-gradient(90deg, #eceef1 25%, #f6f7f9 50%, #eceef1 75%) 0 0 / 200% 100%;
  animation: ${shimmer} 1.4s linear infinite;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Wrap = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
`;

/** Placeholder while a remote's code or data loads; announced once to screen readers. */
export function PageSkeleton({ label }: { label: string }) {
  return (
    <Wrap role="status" aria-live="polite" aria-busy="true" data-testid="remote-loading">
      <span className="visually-hidden">{label}</span>
      <Bar $h="28px" $w="55%" />
      <Bar $h="140px" $w="100%" />
      <Bar $h="18px" $w="80%" />
      <Bar $h="18px" $w="65%" />
    </Wrap>
  );
}
