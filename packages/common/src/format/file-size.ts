// File sizes of seed §9: units B to YB, steps of 1024, decimal comma.
export const FILE_SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/** 0 → "0 B", 1536 → "1,5 KB", 1048576 → "1 MB". At most `decimals` digits (2), trailing zeros dropped. */
export function formatFileSize(bytes: number | null | undefined, decimals = 2): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  let unit = 0;
  let size = bytes;
  while (size >= 1024 && unit < FILE_SIZE_UNITS.length - 1) {
    size /= 1024;
    unit++;
  }
  const text = String(Number(size.toFixed(unit === 0 ? 0 : decimals))).replace('.', ',');
  return `${text} ${FILE_SIZE_UNITS[unit]}`;
}
