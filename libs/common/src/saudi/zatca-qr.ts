/**
 * ZATCA's QR code of a simplified tax invoice (phase 1): five tag-length-value fields, each tag one byte, each
 * length one byte counting the UTF-8 bytes of the value (not its characters: an Arabic seller name is about
 * twice as long in bytes), concatenated and base64-encoded. Pure: the PDF draws the QR, this decides its text.
 */
export interface ZatcaQrFields {
  /** Tag 1: the seller's name as registered for VAT. */
  sellerName: string;
  /** Tag 2: the seller's VAT registration number (15 digits, starting and ending with 3). */
  vatNumber: string;
  /** Tag 3: when the invoice was issued, ISO 8601 with time (e.g. 2026-12-02T09:15:00.000Z). */
  timestamp: string;
  /** Tag 4: the invoice total including VAT, a decimal string (e.g. "1150.00"). */
  total: string;
  /** Tag 5: the VAT total, a decimal string. */
  vat: string;
}

const TAGS: ReadonlyArray<[number, keyof ZatcaQrFields]> = [
  [1, 'sellerName'],
  [2, 'vatNumber'],
  [3, 'timestamp'],
  [4, 'total'],
  [5, 'vat'],
];

/** The one format ZATCA accepts for a VAT registration number: 15 digits, the first and the last a 3. */
export function isZatcaVatNumber(value: string): boolean {
  return /^3\d{13}3$/.test(value);
}

/** The base64 text of the invoice's QR code. Throws on an empty field or one over 255 UTF-8 bytes (a length is one byte). */
export function zatcaQrBase64(fields: ZatcaQrFields): string {
  const parts: Buffer[] = [];
  for (const [tag, key] of TAGS) {
    const value = Buffer.from(fields[key], 'utf8');
    if (value.length === 0 || value.length > 255) throw new RangeError(`ZATCA QR field ${key} must be 1 to 255 UTF-8 bytes, got ${value.length}`);
    parts.push(Buffer.from([tag, value.length]), value);
  }
  return Buffer.concat(parts).toString('base64');
}

/** Reads a base64 TLV text back into its fields by tag (what a scanner does); throws on a truncated record. */
export function parseZatcaQr(base64: string): Map<number, string> {
  const bytes = Buffer.from(base64, 'base64');
  const fields = new Map<number, string>();
  for (let i = 0; i < bytes.length;) {
    if (i + 2 > bytes.length) throw new RangeError(`ZATCA QR record truncated at byte ${i}`);
    const tag = bytes[i];
    const length = bytes[i + 1];
    const end = i + 2 + length;
    if (end > bytes.length) throw new RangeError(`ZATCA QR tag ${tag} claims ${length} bytes, ${bytes.length - i - 2} left`);
    fields.set(tag, bytes.subarray(i + 2, end).toString('utf8'));
    i = end;
  }
  return fields;
}
