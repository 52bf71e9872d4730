import type { Halalas, Money } from '@lib/common';

export type MotorCoverType = 'Comprehensive' | 'TPL' | 'TPL +';
export type MotorFixType = 'Agency' | 'workshop' | '';
export type VehiclePhotoPart = 'front' | 'back' | 'right' | 'left' | 'chassis';
export type DrivingPercentage = 25 | 50 | 75 | 100;

export interface MotorInsurer {
  code: string;
  nameEn: string;
  nameAr: string;
  /** Absolute URLs, null when the insurer has no logo. */
  logoUrl: string | null;
  squareLogoUrl: string | null;
  products: MotorCoverType[];
}

export interface MotorDriverRisk {
  id: string;
  age: number;
  drivingPercentage: DrivingPercentage;
}

export type MotorVehicleIdentity =
  { kind: 'sequence'; sequenceNumber: string } | { kind: 'customs'; customNumber: string; makerCode: number; modelCode: number; bodyTypeCode: number };

/**
 * The risk as the API normalised it: ages, not birthdates, and the owner always among the drivers.
 * The quote half of the port carries amounts in halalas (exact integers): a quote request moves hundreds of them.
 */
export interface MotorRisk {
  requestReference: string;
  locale: 'en' | 'ar';
  owner: { id: string; age: number };
  drivers: MotorDriverRisk[];
  vehicle: MotorVehicleIdentity & { modelYear: number; estimatedValue: Halalas };
  isOwnershipTransfer: boolean;
  /** YYYY-MM-DD */
  startDate: string;
}

export interface MotorPriceOption {
  providerReference: string;
  /** Null on TPL offers. */
  deductible: Halalas | null;
  /** Before VAT: the API adds VAT in one place. */
  netPremium: Halalas;
}

export interface MotorBenefit {
  /** The insurer's own code, stable across quote requests. */
  code: string;
  nameEn: string;
  nameAr: string;
  /** Net of VAT; zero means included in the cover. */
  amount: Halalas;
  url: string | null;
}

export interface MotorOffer {
  providerReference: string;
  type: MotorCoverType;
  productNameEn: string;
  productNameAr: string;
  fixType: MotorFixType;
  /** The insurer's own valuation, or null when it priced the value it was sent. */
  vehicleEstimatedValue: Halalas | null;
  validUntil: Date;
  prices: MotorPriceOption[];
  benefits: MotorBenefit[];
}

export type MotorQuoteResult = { status: 'quoted'; offers: MotorOffer[] } | { status: 'declined'; reasonCode: string; reason: string };

export interface CustomsVehicle {
  customNumber: string;
  makerCode: number;
  modelCode: number;
  bodyTypeCode: number;
  modelYear: number;
  ownerId: string;
}

export interface CustomsVehicleRegistration {
  vehicle: CustomsVehicle & { registeredAt: Date };
  /** True when the platform already knew the vehicle: quoting simply continues. */
  alreadyRegistered: boolean;
}

export type VehicleKey = { sequenceNumber: string } | { customNumber: string };

export type VehiclePhotoUrls = Record<VehiclePhotoPart, string>;

export interface VehiclePhotoRegistration {
  /** True when the insurer already held a set: the kept set is returned and nothing was replaced. */
  alreadyRegistered: boolean;
  photos: VehiclePhotoUrls;
}

/** What the insurer needs to issue a paid policy; `reference` makes the call idempotent. */
export interface MotorPolicyIssue {
  reference: string;
  paymentReference: string;
  offerReference: string;
  priceReference: string;
  ownerId: string;
  vehicle: VehicleKey;
  /** YYYY-MM-DD */
  startDate: string;
  premium: Money;
}

export interface MotorIssuedPolicy {
  policyNumber: string;
  startDate: string;
  endDate: string;
  issuedAt: Date;
  alreadyIssued: boolean;
}

export interface MotorCallOptions {
  /** Aborts the call, e.g. at the fan-out deadline. */
  signal?: AbortSignal;
  /** Overrides the adapter's default per-call timeout. */
  timeoutMs?: number;
}

/**
 * What the motor comparison module needs from insurers. Failures are thrown as MotorProviderError
 * so callers can tell a timeout from a broken answer from a refusal.
 */
export interface MotorProvider {
  listInsurers(options?: MotorCallOptions): Promise<MotorInsurer[]>;
  quote(insurerCode: string, risk: MotorRisk, options?: MotorCallOptions): Promise<MotorQuoteResult>;
  registerCustomsVehicle(vehicle: CustomsVehicle, options?: MotorCallOptions): Promise<CustomsVehicleRegistration>;
  submitVehiclePhotos(insurerCode: string, vehicle: VehicleKey, photos: VehiclePhotoUrls, options?: MotorCallOptions): Promise<VehiclePhotoRegistration>;
  issuePolicy(insurerCode: string, policy: MotorPolicyIssue, options?: MotorCallOptions): Promise<MotorIssuedPolicy>;
}
