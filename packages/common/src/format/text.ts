// Text helpers of seed §9.

/** Keeps the first `limit` words (20 by default) and adds "..." when words were cut. */
export function truncateWords(text: string | null | undefined, limit = 20, suffix = '...'): string {
  if (!text) return '';
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length <= limit) return words.join(' ');
  return `${words.slice(0, Math.max(0, limit)).join(' ')}${suffix}`;
}
