/**
 * Nationalities the property insurers accept (ISO 3166-1 alpha-2): Saudi Arabia, the GCC, and the
 * countries most residents come from. Another code is refused with 422 naming the field.
 */
export const SUPPORTED_NATIONALITIES = [
  'SA', 'AE', 'BH', 'KW', 'OM', 'QA',
  'EG', 'JO', 'LB', 'SY', 'PS', 'IQ', 'YE', 'SD', 'MA', 'TN', 'DZ', 'LY',
  'IN', 'PK', 'BD', 'LK', 'NP', 'AF',
  'PH', 'ID', 'MY', 'TH', 'CN',
  'TR', 'ET', 'ER', 'KE', 'NG', 'UG',
  'GB', 'US', 'CA', 'FR', 'DE', 'IT', 'ES', 'NL', 'AU',
] as const;
