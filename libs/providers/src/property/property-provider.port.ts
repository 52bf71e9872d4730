import type { Money } from '@lib/common';
import type { BuildingType, PropertyCity } from './property-cities';

/** The property as the API validated it. Costs are decimals; at least one of them is given. */
export interface PropertyRisk {
  buildingType: BuildingType;
  buildingAge: number;
  apartmentSize: number;
  city: PropertyCity;
  propertyCost: Money | null;
  contentsCost: Money | null;
}

export interface PropertyInsurer {
  code: string;
  nameEn: string;
  nameAr: string;
}

export interface PropertyQuote {
  insurerCode: string;
  nameEn: string;
  nameAr: string;
  logoUrl: string | null;
  coverages: string[];
  /** Before VAT. */
  netPremium: Money;
}

export interface PropertyIssue {
  /** Our reference, so the insurer can match its policy to ours. */
  reference: string;
  risk: PropertyRisk;
  startDate: string;
  endDate: string;
  insuredId: string;
}

export interface IssuedPropertyPolicy {
  providerPolicyId: string;
  documentUrl: string;
}

export interface ProviderCancellationStatus {
  status: 'active' | 'cancelled';
  cancelledAt: Date | null;
}

export interface NationalAddress {
  buildingNumber: string;
  zipCode: string;
  additionalNumber: string;
  streetName: string;
  districtName: string;
  cityName: string;
}

export interface PropertyCallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * What the property module needs from insurers and the national address registry. Failures are thrown
 * as PropertyProviderError (timeout, unavailable, bad_response, rejected, not_found).
 */
export interface PropertyProvider {
  /** The insurers that sell property cover. */
  listInsurers(options?: PropertyCallOptions): Promise<PropertyInsurer[]>;
  price(insurerCode: string, risk: PropertyRisk, options?: PropertyCallOptions): Promise<PropertyQuote>;
  /** Issues the insurer's policy once the customer paid: its id and the policy PDF. */
  issue(insurerCode: string, policy: PropertyIssue, options?: PropertyCallOptions): Promise<IssuedPropertyPolicy>;
  cancellationStatus(insurerCode: string, providerPolicyId: string, options?: PropertyCallOptions): Promise<ProviderCancellationStatus>;
  cancel(
    insurerCode: string,
    providerPolicyId: string,
    request: { reason: string | null; effectiveDate: string },
    options?: PropertyCallOptions,
  ): Promise<ProviderCancellationStatus>;
  /** The address of a short national address code (already checked for shape); not_found when unknown. */
  nationalAddress(shortCode: string, options?: PropertyCallOptions): Promise<NationalAddress>;
}
