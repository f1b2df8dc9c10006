/** A SIM card holder with the barcode and the ICCID printed under it (where people find the number). */
export function SimHolderArt({ label }: { label: string }) {
  const bars = [3, 1, 2, 1, 3, 2, 1, 1, 3, 1, 2, 2, 1, 3, 1, 2, 1, 1, 2, 3, 1, 2, 1, 3, 1, 1, 2, 1, 3, 2];
  let x = 150;
  const rects = bars.map((width, index) => {
    const rect =
      index % 2 === 0 ? <rect key={index} x={x} y={44} width={width * 1.6} height={34} fill="#1F2329" /> : null;
    x += width * 1.6 + 1.2;
    return rect;
  });
  return (
    <svg
      viewBox="0 0 320 150"
      role="img"
      aria-label={label}
      direction="ltr"
      style={{ inlineSize: '100%', blockSize: 'auto' }}
    >
      <rect x="4" y="4" width="312" height="142" rx="14" fill="#FFFFFF" stroke="#E4E6EB" strokeWidth="2" />
      <path
        d="M24 26h70l18 18v70a6 6 0 0 1-6 6H24a6 6 0 0 1-6-6V32a6 6 0 0 1 6-6z"
        fill="#F5F6F8"
        stroke="#C9CDD4"
        strokeWidth="2"
      />
      <rect x="38" y="56" width="42" height="34" rx="5" fill="#FFD58A" stroke="#D9A441" strokeWidth="1.5" />
      <path d="M38 73h42M59 56v34" stroke="#D9A441" strokeWidth="1.5" />
      {rects}
      <rect x="138" y="86" width="170" height="24" rx="6" fill="#E7F8EF" stroke="#07C160" strokeWidth="1.5" />
      <text
        x="223"
        y="102.5"
        textAnchor="middle"
        fontFamily="ui-monospace, monospace"
        fontSize="11"
        fill="#06A552"
        fontWeight="700"
        textLength="150"
        lengthAdjust="spacingAndGlyphs"
      >
        8988 0000 0000 0000 001
      </text>
      <text x="223" y="128" textAnchor="middle" fontFamily="system-ui, sans-serif" fontSize="11" fill="#646A73">
        ICCID
      </text>
    </svg>
  );
}
