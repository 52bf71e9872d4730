import { isShortAddress, parseShortAddress } from './address';

describe('short national address', () => {
  it('splits four letters and the four-digit building number', () => {
    expect(parseShortAddress('RRRC7866')).toEqual({ code: 'RRRC7866', letters: 'RRRC', buildingNumber: '7866' });
  });

  it('reads either case and answers in upper case', () => {
    expect(parseShortAddress('rrrc7866')).toEqual({ code: 'RRRC7866', letters: 'RRRC', buildingNumber: '7866' });
    expect(parseShortAddress('RrRc0012')?.code).toBe('RRRC0012');
    expect(isShortAddress('abcd1234')).toBe(true);
  });

  it.each(['RRR7866', 'RRRCC7866', 'RRRC786', 'RRRC78666', '7866RRRC', 'RRRC 7866', 'RRR17866', 'ررر7866', 'ÄRRC7866', ''])('rejects %p', (value) => {
    expect(parseShortAddress(value)).toBeNull();
    expect(isShortAddress(value)).toBe(false);
  });

  it('rejects non-strings', () => {
    expect(parseShortAddress(12347866)).toBeNull();
    expect(isShortAddress(undefined)).toBe(false);
  });
});
