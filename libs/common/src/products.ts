/**
 * Products a client enrols in (spec, Conventions §4, plus the single-provider families).
 * `code` is what the CLI, the admin API and the database use; `name` is the spec's wording.
 */
export const PRODUCTS = [
  { code: 'motor-comprehensive-multi', name: 'Comprehensive Motor Insurance (Multiple Providers)' },
  { code: 'motor-comprehensive-comparison', name: 'Motor Insurance Comprehensive (Price Comparison)' },
  { code: 'motor-tpl-comparison', name: 'Motor Insurance TPL (Price Comparison)' },
  { code: 'property-multi', name: 'Property (Multiple Providers)' },
  { code: 'property-comparison', name: 'Property (Price Comparison)' },
  { code: 'sme-medical', name: 'SME Medical' },
  { code: 'motor-comprehensive', name: 'Comprehensive Motor' },
  { code: 'motor-tpl', name: 'TPL Motor' },
  { code: 'property', name: 'Property' },
  { code: 'travel', name: 'Travel' },
  { code: 'life-snp', name: 'Life Savings and Protection' },
  { code: 'horse', name: 'Horse' },
] as const;

export type ProductCode = (typeof PRODUCTS)[number]['code'];

export const PRODUCT_CODES: readonly ProductCode[] = PRODUCTS.map((p) => p.code);

/** Accepts a code or the product's exact name (any case); returns the code or null. */
export function resolveProduct(input: string): ProductCode | null {
  const wanted = input.trim().toLowerCase();
  const hit = PRODUCTS.find((p) => p.code === wanted || p.name.toLowerCase() === wanted);
  return hit ? hit.code : null;
}

export function productName(code: string): string {
  return PRODUCTS.find((p) => p.code === code)?.name ?? code;
}

/** `product_id` in policy objects: the product's position in the catalogue, stable. */
export function productId(code: ProductCode): number {
  return PRODUCT_CODES.indexOf(code) + 1;
}
