import type { MedicalRelationship, MedicalTier, WireMedicalInsurer, WireRegisteredStaff } from './sandbox-medical.wire';

export type MedicalInsurer = WireMedicalInsurer;

export interface MedicalMember {
  reference: string;
  relationship: MedicalRelationship;
  category: MedicalTier;
  age: number;
  gender?: 'male' | 'female';
}

export interface MedicalQuoteResult {
  quoteReference: string;
  members: Array<{ reference: string; price: string }>;
  /** Net of VAT. */
  subtotal: string;
  validUntil: string;
}

export interface MedicalIssue {
  /** Ours, so a retried issuance returns the same policy. */
  reference: string;
  quoteReference: string;
  companyCr: string;
  members: number;
  premium: string;
  paymentReference: string;
}

export interface MedicalIssued {
  policyNumber: string;
  issuedAt: Date;
  startDate: string;
  endDate: string;
  alreadyIssued: boolean;
}

export interface MedicalCallOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** What the medical module needs from insurers, whatever carries it. */
export interface MedicalProvider {
  listInsurers(options?: MedicalCallOptions): Promise<MedicalInsurer[]>;
  quote(insurerCode: string, companyCr: string, members: MedicalMember[], options?: MedicalCallOptions): Promise<MedicalQuoteResult>;
  issuePolicy(insurerCode: string, issue: MedicalIssue, options?: MedicalCallOptions): Promise<MedicalIssued>;
  /** The company registry's employees of a commercial registration number; null when the registry does not know it. */
  registeredStaff(companyCr: string, options?: MedicalCallOptions): Promise<WireRegisteredStaff['employees'] | null>;
}
