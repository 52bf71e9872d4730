/** The short national address (e.g. RRRC7866): four letters for the area, then the building number. */
export interface ShortAddress {
  code: string;
  letters: string;
  buildingNumber: string;
}

const SHORT_ADDRESS_RE = /^[A-Z]{4}\d{4}$/;

/** People type the code in either case; it is one code, so it is kept in upper case. */
export function parseShortAddress(value: unknown): ShortAddress | null {
  if (typeof value !== 'string') return null;
  const code = value.toUpperCase();
  if (!SHORT_ADDRESS_RE.test(code)) return null;
  return { code, letters: code.slice(0, 4), buildingNumber: code.slice(4) };
}

export function isShortAddress(value: unknown): boolean {
  return parseShortAddress(value) !== null;
}
