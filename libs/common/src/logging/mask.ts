/**
 * Masks personal data in free text before it reaches a log line:
 * Saudi IBANs, national/iqama ids and other 9+ digit runs, mobile numbers, emails and bearer tokens.
 */
const RULES: Array<[RegExp, (m: string, offset: number, text: string) => string]> = [
  [
    /\b(password|passwd|secret|client_secret|token|access_token|otp|pin)(["']?\s*[=:]\s*["']?)[^\s&"',}]+/gi,
    (m) => m.replace(/([=:]\s*["']?)[^\s&"',}]+$/, '$1***'),
  ],
  [/\bSA\d{2}[0-9A-Z]{20}\b/gi, (m) => `${m.slice(0, 4)}${'*'.repeat(m.length - 7)}${m.slice(-3)}`],
  [/[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/gi, (m) => `${m[0]}***@${m.split('@')[1]}`],
  [/\b(Bearer|Basic)\s+[A-Za-z0-9\-._~+/=]+/g, (m) => `${m.split(/\s+/)[0]} ***`],
  [/\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, () => 'eyJ***'],
  [/\+?\d{9,}/g, (m, offset: number, text: string) => (insideUuid(text, offset) ? m : `${'*'.repeat(m.length - 2)}${m.slice(-2)}`)],
];

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Whether `offset` falls in a UUID of `text`: a client id or request id whose hex happens to hold nine digits in a row is no phone. */
function insideUuid(text: string, offset: number): boolean {
  for (const m of text.matchAll(UUID)) if (offset >= m.index && offset < m.index + m[0].length) return true;
  return false;
}

/**
 * What every rule's match holds (a secret's key before `=` or `:`, an IBAN's `SA` and check digits, `@`, the auth
 * schemes, a JWT's `eyJ`, nine digits): a text with none of them has nothing to mask. One test instead of every rule's
 * scan, on each string of each body the request log keeps (most are dates, ids and words).
 */
const HINT = /(password|passwd|secret|token|otp|pin)["']?\s*[=:]|SA\d\d|@|Bearer|Basic|eyJ|\d{9}/i;

export function maskPii(text: string): string {
  if (!HINT.test(text)) return text;
  let out = text;
  for (const [re, fn] of RULES) out = out.replace(re, fn);
  return out;
}

/** Header and body keys whose values are never logged. */
export const SECRET_KEYS = ['authorization', 'cookie', 'set-cookie', 'client_secret', 'password', 'otp', 'x-webhook-key'];

/**
 * A customer's personal value as staff without read_pii see it, whatever the family: enough to match a
 * caller, nothing to use. An email keeps its first letter and domain, an IBAN its country, check digits and
 * last three, a date nothing; anything else (ids, phones, names, passports) its first and last two characters.
 */
export function maskPersonal(v: string): string {
  if (/^\d{1,4}[-/]\d{1,2}[-/]\d{1,4}$/.test(v)) return '****-**-**';
  const email = /^([^@\s])[^@\s]*@([^@\s]+)$/.exec(v);
  if (email) return `${email[1]}***@${email[2]}`;
  if (/^SA\d{2}[0-9A-Z]{20}$/i.test(v)) return `${v.slice(0, 4)}${'*'.repeat(v.length - 7)}${v.slice(-3)}`;
  return v.length <= 4 ? '*'.repeat(v.length) : `${v.slice(0, 2)}${'*'.repeat(v.length - 4)}${v.slice(-2)}`;
}
