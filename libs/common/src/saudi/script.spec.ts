import { hasArabicLetters, isArabicScriptText } from './script';

describe('Arabic script', () => {
  it('finds Arabic letters from each block', () => {
    expect(hasArabicLetters('محمد')).toBe(true); // Arabic
    expect(hasArabicLetters('\u0750')).toBe(true); // Arabic Supplement
    expect(hasArabicLetters('\u08A0')).toBe(true); // Arabic Extended-A
    expect(hasArabicLetters('\uFB50')).toBe(true); // Presentation Forms-A
    expect(hasArabicLetters('\uFEFB')).toBe(true); // Presentation Forms-B
    expect(hasArabicLetters('Ali علي')).toBe(true);
  });

  it('does not count Arabic digits, punctuation or marks alone as letters', () => {
    expect(hasArabicLetters('١٢٣')).toBe(false);
    expect(hasArabicLetters('،؟')).toBe(false);
    expect(hasArabicLetters('\u064E')).toBe(false);
    expect(hasArabicLetters('Mohammed')).toBe(false);
    expect(hasArabicLetters('')).toBe(false);
    expect(hasArabicLetters(42)).toBe(false);
  });

  it.each([
    'محمد',
    'عبد الله بن سعود',
    'مُحَمَّد',
    'شارع الملك فهد، حي العليا',
    'الرياض - ١٢٣٤٥',
    'مبنى 12, الدور 3',
    'آل-سعود',
    "ابن 'علي'",
    'عبد\u200Cالله',
    'فاطمة’',
    '\uFEFB',
  ])('accepts %p as Arabic script text', (value) => {
    expect(isArabicScriptText(value)).toBe(true);
  });

  it.each([
    ['Mohammed', 'Latin only'],
    ['محمد Ali', 'Latin mixed in'],
    ['محمدé', 'accented Latin'],
    ['Мухаммед', 'Cyrillic'],
    ['محمد 😀', 'emoji'],
    ['123 - 456', 'no Arabic letter'],
    ['١٢٣', 'Arabic digits only'],
    ['', 'empty'],
    ['   ', 'spaces only'],
  ])('rejects %p (%s)', (value) => {
    expect(isArabicScriptText(value)).toBe(false);
  });

  it('rejects non-strings', () => {
    expect(isArabicScriptText(null)).toBe(false);
    expect(isArabicScriptText(['محمد'])).toBe(false);
  });
});
