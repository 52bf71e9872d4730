/**
 * The sandbox's life savings and protection plans. The insurers are catalogue insurers (same codes and
 * names); rates are invented. Rates per mille of sum assured per year; percentages as decimal strings.
 */
export interface LifePlan {
  /** A code of the insurer catalogue, whose names the plan's insurer carries. */
  code: string;
  productEn: string;
  productAr: string;
  /** Death cover, per mille of sum assured per year, for an 18-year-old; grows by `agePercent` per year of age above 18. */
  baseRatePerMille: string;
  agePercent: string;
  smokerLoadingPercent: string;
  /** Critical illness pays this share of the sum assured; disability pays the full sum assured. */
  criticalIllnessPercent: string;
  /** Riders' cost as a share of the death cover cost. */
  riderLoadingPercent: string;
  /** Part of sum assured / term saved each year. */
  savingsSharePercent: string;
  /** Assumed yearly growth of the savings, stated with every projection. */
  growthPercent: string;
  maxAgeAtMaturity: number;
  minSumAssured: string;
  maxSumAssured: string;
  validityHours: number;
}

export const LIFE_PLANS: readonly LifePlan[] = [
  {
    code: 'palm',
    productEn: 'Palm Family Savings Takaful',
    productAr: 'تكافل النخيل للادخار العائلي',
    baseRatePerMille: '0.90',
    agePercent: '8.50',
    smokerLoadingPercent: '75',
    criticalIllnessPercent: '50',
    riderLoadingPercent: '55',
    savingsSharePercent: '50',
    growthPercent: '3.50',
    maxAgeAtMaturity: 70,
    minSumAssured: '50000',
    maxSumAssured: '5000000',
    validityHours: 48,
  },
  {
    code: 'summit',
    productEn: 'Summit Future Builder',
    productAr: 'القمة لبناء المستقبل',
    baseRatePerMille: '0.85',
    agePercent: '9.00',
    smokerLoadingPercent: '90',
    criticalIllnessPercent: '40',
    riderLoadingPercent: '50',
    savingsSharePercent: '60',
    growthPercent: '4.00',
    maxAgeAtMaturity: 65,
    minSumAssured: '100000',
    maxSumAssured: '3000000',
    validityHours: 24,
  },
  {
    code: 'lantern',
    productEn: 'Lantern Protect and Save',
    productAr: 'الفانوس للحماية والادخار',
    baseRatePerMille: '1.00',
    agePercent: '8.00',
    smokerLoadingPercent: '60',
    criticalIllnessPercent: '50',
    riderLoadingPercent: '60',
    savingsSharePercent: '40',
    growthPercent: '3.00',
    maxAgeAtMaturity: 75,
    minSumAssured: '50000',
    maxSumAssured: '4000000',
    validityHours: 72,
  },
];

export function findLifePlan(code: string): LifePlan | null {
  return LIFE_PLANS.find((p) => p.code === code) ?? null;
}
