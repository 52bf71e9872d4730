import { isZatcaVatNumber, parseZatcaQr, zatcaQrBase64 } from './zatca-qr';

describe('ZATCA QR (TLV, base64)', () => {
  const fields = {
    sellerName: 'Dune Cooperative Insurance',
    vatNumber: '300000000000003',
    timestamp: '2026-12-02T09:15:00.000Z',
    total: '1150.00',
    vat: '150.00',
  };

  it('writes each field as tag byte, length byte and UTF-8 value, in tag order', () => {
    const bytes = Buffer.from(zatcaQrBase64(fields), 'base64');
    expect(bytes[0]).toBe(1);
    expect(bytes[1]).toBe(26);
    expect(bytes.subarray(2, 28).toString('utf8')).toBe('Dune Cooperative Insurance');
    expect(bytes[28]).toBe(2);
    expect(bytes[29]).toBe(15);
    expect(bytes.subarray(30, 45).toString()).toBe('300000000000003');
    expect([...parseZatcaQr(zatcaQrBase64(fields)).entries()]).toEqual([
      [1, fields.sellerName],
      [2, fields.vatNumber],
      [3, fields.timestamp],
      [4, fields.total],
      [5, fields.vat],
    ]);
  });

  it('matches the byte-for-byte record of a known invoice', () => {
    // Built by hand from the rule: 01 len "Bobs Records" 02 0F "310122393500003" 03 14 "2022-04-25T15:30:00Z" 04 07 "1000.00" 05 06 "150.00"
    const expected = Buffer.concat([
      Buffer.from([1, 12]),
      Buffer.from('Bobs Records'),
      Buffer.from([2, 15]),
      Buffer.from('310122393500003'),
      Buffer.from([3, 20]),
      Buffer.from('2022-04-25T15:30:00Z'),
      Buffer.from([4, 7]),
      Buffer.from('1000.00'),
      Buffer.from([5, 6]),
      Buffer.from('150.00'),
    ]).toString('base64');
    expect(
      zatcaQrBase64({ sellerName: 'Bobs Records', vatNumber: '310122393500003', timestamp: '2022-04-25T15:30:00Z', total: '1000.00', vat: '150.00' }),
    ).toBe(expected);
  });

  it('counts an Arabic name in UTF-8 bytes, not characters', () => {
    const name = 'درع القافلة للتأمين';
    expect(Buffer.byteLength(name, 'utf8')).not.toBe(name.length);
    const bytes = Buffer.from(zatcaQrBase64({ ...fields, sellerName: name }), 'base64');
    expect(bytes[1]).toBe(Buffer.byteLength(name, 'utf8'));
    expect(name.length).toBe(19);
    expect(bytes[1]).toBe(36); // 17 Arabic letters of two bytes each and two spaces
    expect(bytes[2 + bytes[1]]).toBe(2);
    expect(parseZatcaQr(bytes.toString('base64')).get(1)).toBe(name);
  });

  it('refuses an empty field and one a single length byte cannot hold', () => {
    expect(() => zatcaQrBase64({ ...fields, vat: '' })).toThrow(/vat/);
    expect(() => zatcaQrBase64({ ...fields, sellerName: 'ش'.repeat(128) })).toThrow(/sellerName must be 1 to 255 UTF-8 bytes, got 256/);
    expect(() => parseZatcaQr(Buffer.from([1, 10, 65]).toString('base64'))).toThrow(/tag 1 claims 10 bytes/);
  });

  it('accepts only 15-digit VAT numbers starting and ending with 3', () => {
    expect(isZatcaVatNumber('300000000000003')).toBe(true);
    expect(isZatcaVatNumber('310122393500003')).toBe(true);
    expect(isZatcaVatNumber('30000000000003')).toBe(false);
    expect(isZatcaVatNumber('3000000000000003')).toBe(false);
    expect(isZatcaVatNumber('200000000000003')).toBe(false);
    expect(isZatcaVatNumber('300000000000002')).toBe(false);
    expect(isZatcaVatNumber('30000000000000a')).toBe(false);
  });
});
