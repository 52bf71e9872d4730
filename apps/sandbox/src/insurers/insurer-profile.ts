import type { CoverType } from '@lib/providers';
import type { BenefitKind } from './benefit-names.data';

export type LogoEmblem = 'shield' | 'circle' | 'hexagon' | 'diamond' | 'arch' | 'wave' | 'star' | 'drop';

export interface InsurerLogo {
  primary: string;
  accent: string;
  emblem: LogoEmblem;
}

export interface ProductLabel {
  en: string;
  ar: string;
}

export interface ComprehensiveTerms extends ProductLabel {
  /** Yearly premium as a percentage of the vehicle value, before loadings. */
  ratePercent: string;
  minPremium: string;
  deductibles: readonly number[];
  /** Agency repair costs more and is only offered while the car is this young (model years). */
  agencyLoadingPercent: string;
  agencyMaxAgeYears: number;
  maxAgeYears: number;
}

export interface TplTerms extends ProductLabel {
  basePremium: string;
}

export interface TplPlusTerms extends ProductLabel {
  /** Loading over the insurer's TPL premium for the enhanced cover. */
  loadingPercent: string;
}

export interface BenefitOffer {
  kind: BenefitKind;
  /** The insurer's own code: stable across quote requests. */
  code: string;
  /** Net of VAT; "0.00" means included. */
  amount: string;
  covers: readonly CoverType[];
  hasTerms: boolean;
}

export interface InsurerProfile {
  code: string;
  nameEn: string;
  nameAr: string;
  logo: InsurerLogo | null;
  comprehensive: ComprehensiveTerms | null;
  tpl: TplTerms | null;
  tplPlus: TplPlusTerms | null;
  minDriverAge: number;
  /** Above this value the risk goes to manual underwriting, so the simulator declines it. */
  valueCap: number;
  /** Offers lapse this many hours after quoting. */
  validityHours: number;
  /** The insurer's own valuation as a percentage of the sent value, rounded down to 100 SAR; null prices the sent value. */
  valuationPercent: string | null;
  benefits: readonly BenefitOffer[];
}

export function motorProducts(p: InsurerProfile): CoverType[] {
  const products: CoverType[] = [];
  if (p.comprehensive) products.push('Comprehensive');
  if (p.tpl) products.push('TPL');
  if (p.tpl && p.tplPlus) products.push('TPL +');
  return products;
}
