/** docs/product.md §9: addresses shorten to their first 6 and last 4 characters. */
export function shortenAddress(address: string): string {
  return address.length > 13 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/** A date in the reader's language, e.g. "21 Nov 2026". */
export function formatDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
}

/** A date and time in the reader's language, e.g. "21 Nov 2026, 14:05". */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A file size in the reader's language, e.g. "2.4 MB" or "820 kB". */
export function formatFileSize(bytes: number, language: string): string {
  const [value, unit] =
    bytes >= 1024 * 1024 ? [bytes / (1024 * 1024), 'megabyte'] : [Math.max(bytes / 1024, 0.1), 'kilobyte'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
}

/**
 * An exact percentage (a decimal string such as "0.002000") in the reader's language, with every
 * digit it was given: "0.002000%", "0,002000 %" in French. Digits stay Latin, as in amounts.
 */
export function formatPercent(percent: string, language: string): string {
  const digits = percent.split('.')[1]?.length ?? 0;
  const value = Number(percent);
  if (!Number.isFinite(value)) return `${percent}%`;
  return new Intl.NumberFormat(language, {
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    numberingSystem: 'latn',
  }).format(value / 100);
}
