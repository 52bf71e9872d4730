const ARABIC_INDIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;
// Tashkeel, superscript alef and tatweel: typed or not, they must not break a match.
const ARABIC_MARKS = /[\u064B-\u065F\u0670\u0640]/g;
const LATIN_MARKS = /[\u0300-\u036f]/g;

/**
 * Folds the spellings people actually type into one form: case, Latin accents (Citroen/Citroën),
 * hamza forms of alef (اودي/أودي), alef maqsura and taa marbuta, and Arabic-Indic digits.
 */
export function foldSearchText(value: string): string {
  return value
    .normalize('NFD')
    .replace(LATIN_MARKS, '')
    .normalize('NFC')
    .replace(ARABIC_MARKS, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/ؤ/g, 'و')
    .replace(/ئ/g, 'ي')
    .replace(ARABIC_INDIC_DIGITS, (d) => String(d.charCodeAt(0) & 0xf))
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
