import { useMemo } from 'react';
import { encode } from 'uqr';

/** A QR code drawn as one SVG path (crisp at any size, nothing rasterised); `label` is what a screen reader says. */
export function QrCode({ value, size, label }: { value: string; size: number | string; label: string }) {
  const { path, modules } = useMemo(() => {
    // Medium error correction: a screen seen at an angle or with a glare still reads.
    const qr = encode(value, { ecc: 'M', border: 2 });
    let d = '';
    qr.data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      });
    });
    return { path: d, modules: qr.size };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${modules} ${modules}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      style={{ background: '#fff', display: 'block' }}
    >
      <path d={path} fill="#000" />
    </svg>
  );
}
