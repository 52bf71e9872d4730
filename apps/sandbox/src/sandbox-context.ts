import type { FastifyRequest } from 'fastify';
import type { Clock } from '@lib/common';
import type { InsurerBehaviourStore } from './insurers/insurer-behaviour.store';
import type { PhotoStore } from './photos/photo.store';
import type { IssuedPolicyStore } from './policies/issued-policy.store';
import type { PolicyNumbers } from './policies/policy-numbers';
import type { VendorCallbacks } from './payments/vendor-callbacks';
import type { VendorPaymentStore } from './payments/vendor-payment.store';
import type { PropertyCancellationStore } from './property/property-cancellation.store';
import type { CompanyRegistrations } from './registry/company-registrations';
import type { VehicleRegistryStore } from './registry/vehicle-registry.store';
import type { VehicleDocumentStore } from './registry/vehicle-document.store';
import type { TplIssuedStore } from './tpl/tpl-insurer.routes';

/** What every route module needs: state lives per server instance so tests never share it. */
export interface SandboxContext {
  clock: Clock;
  behaviours: InsurerBehaviourStore;
  registry: VehicleRegistryStore;
  /** Vehicle documents by content hash (istimarah, post-transfer vehicle information documents). */
  documents: VehicleDocumentStore;
  /** Companies partners registered for their own tests, by scope and commercial registration number. */
  companies: CompanyRegistrations;
  tplPolicies: TplIssuedStore;
  photos: PhotoStore;
  policies: IssuedPolicyStore;
  /** Every insurer's policy numbers, from one sequence. */
  policyNumbers: PolicyNumbers;
  /** The card payment vendor: its merchant API key, payments, and signed callbacks. */
  vendor: { apiKey: string; payments: VendorPaymentStore; callbacks: VendorCallbacks; /** Test control: refunds answer 503. */ refundFault: boolean };
  propertyCancellations: PropertyCancellationStore;
  /** Aborted when the server closes, so sleeping and hanging routes let go. */
  lifecycle: AbortSignal;
  photoDownloadTimeoutMs: number;
  baseUrl(request: FastifyRequest): string;
}
