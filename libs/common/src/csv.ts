/** A CSV field, quoted when it must be (RFC 4180), and never read as a formula by a spreadsheet. */
export function csvField(v: string | null | undefined): string {
  let s = v ?? '';
  if (/^[=+\-@\t\r]/.test(s) && !/^-\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Any JSON value as one CSV field: nothing for null, objects and lists as their JSON. */
export function csvValue(v: unknown): string {
  if (v === null || v === undefined) return '';
  return csvField(typeof v === 'object' ? JSON.stringify(v) : String(v as string | number | boolean));
}

/** UTF-8's byte order mark: spreadsheets then read Arabic names right. */
export const CSV_BOM = '\uFEFF';
