import { csvField, csvValue } from './csv';

describe('CSV fields', () => {
  it('quotes what must be quoted and keeps formulas from running', () => {
    expect(csvField('Acme, Inc. "best"')).toBe('"Acme, Inc. ""best"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-12.50')).toBe('-12.50');
    expect(csvField('-1+1')).toBe("'-1+1");
  });

  it('writes nothing for null and objects as JSON', () => {
    expect(csvValue(null)).toBe('');
    expect(csvValue(12)).toBe('12');
    expect(csvValue({ a: 1 })).toBe('"{""a"":1}"');
  });
});
