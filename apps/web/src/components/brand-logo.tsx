/** The company mark: a wave over a sensor, in the brand colour. */
export function BrandMark({ size = 32, inverted = false }: { size?: number; inverted?: boolean }) {
  const bg = inverted ? '#ffffff' : '#0b7a75';
  const fg = inverted ? '#0b7a75' : '#ffffff';
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill={bg} />
      <path d="M14 40c6-14 12-20 18-20s12 6 18 20" fill="none" stroke={fg} strokeWidth="5" strokeLinecap="round" />
      <circle cx="32" cy="20" r="5" fill={fg} />
    </svg>
  );
}
