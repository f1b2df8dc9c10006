import styled from 'styled-components';

const Wrap = styled.div`
  position: relative;
  inline-size: 72px;
  block-size: 72px;
  flex: none;
  span {
    position: absolute;
    inset: 0;
    display: grid;
    place-items: center;
    font-weight: 700;
    font-size: ${({ theme }) => theme.font.md};
  }
`;

/** Circular gauge of the remaining share (integer percent), drawn in the primary green #07C160. */
export function Gauge({ percent, label }: { percent: number; label: string }) {
  const radius = 30;
  const length = 2 * Math.PI * radius;
  return (
    <Wrap role="img" aria-label={label} data-testid="gauge" data-percent={percent}>
      <svg width="72" height="72" viewBox="0 0 72 72" aria-hidden="true">
        <circle cx="36" cy="36" r={radius} fill="none" stroke="#E4E6EB" strokeWidth="8" />
        <circle
          cx="36"
          cy="36"
          r={radius}
          fill="none"
          stroke="#07C160"
          strokeWidth="8"
          strokeLinecap={percent > 0 ? 'round' : 'butt'}
          strokeDasharray={`${(length * percent) / 100} ${length}`}
          transform="rotate(-90 36 36)"
        />
      </svg>
      <span aria-hidden="true">{percent}%</span>
    </Wrap>
  );
}
