/** The Unicode blocks of the Arabic script: Arabic, its Supplement, Extended-A and the presentation forms. */
const ARABIC_BLOCKS = '\\u0600-\\u06FF\\u0750-\\u077F\\u08A0-\\u08FF\\uFB50-\\uFDFF\\uFE70-\\uFEFF';

/** A letter (not a digit, mark or comma) from those blocks: what makes a name Arabic. */
const ARABIC_LETTER = new RegExp(`(?=\\p{L})[${ARABIC_BLOCKS}]`, 'u');

/**
 * Everything an Arabic name or address may hold besides Arabic: spaces, ASCII digits and
 * punctuation, typographic hyphens and apostrophes, and the zero-width (non-)joiners that shape
 * Arabic letters. Latin and any other script stay out.
 */
const ARABIC_TEXT = new RegExp(
  `^[${ARABIC_BLOCKS}\\s0-9\\x21-\\x2F\\x3A-\\x40\\x5B-\\x60\\x7B-\\x7E\\u2010-\\u2013\\u2018\\u2019\\u02BC\\u200C\\u200D]*$`,
  'u',
);

export function hasArabicLetters(value: unknown): boolean {
  return typeof value === 'string' && ARABIC_LETTER.test(value);
}

/** Text written in Arabic script, such as a name in Arabic: at least one Arabic letter and no Latin ones. */
export function isArabicScriptText(value: unknown): boolean {
  return typeof value === 'string' && ARABIC_TEXT.test(value) && ARABIC_LETTER.test(value);
}
