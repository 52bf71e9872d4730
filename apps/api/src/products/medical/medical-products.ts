/** Every medical route needs the client enrolled in SME medical. */
export const MEDICAL_PRODUCT = 'sme-medical' as const;
export const MEDICAL_API = 'api/v1/medical';
