/** A step's SLA in words: "8 giờ", "48 giờ (2 ngày)", "30 giờ (1 ngày 6 giờ)". */
export function formatHours(hours: number): string {
  if (hours < 24) return `${hours} giờ`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return `${hours} giờ (${days} ngày${rest ? ` ${rest} giờ` : ''})`;
}
