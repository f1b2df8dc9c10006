import { useMemo } from 'react';
import { encode } from 'uqr';

/** The modules of a QR code as one SVG path: a 1×1 square per dark module. */
function qrPath(data: boolean[][]): string {
  let path = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return path;
}

/**
 * A QR code of `text` as an inline SVG (dark on white, with the quiet zone scanners need), labelled for screen
 * readers. Drawn the same way in a right-to-left page: an SVG's coordinates do not follow the text direction.
 */
export function QrCode({ text, label, size = 200 }: { text: string; label: string; size?: number }) {
  const qr = useMemo(() => encode(text, { ecc: 'M', border: 4 }), [text]);
  const path = useMemo(() => qrPath(qr.data), [qr]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      shapeRendering="crispEdges"
      data-testid="qr-code"
      data-modules={qr.size}
    >
      <rect width={qr.size} height={qr.size} fill="#FFFFFF" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
