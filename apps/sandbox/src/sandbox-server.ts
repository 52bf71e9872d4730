import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { SystemClock, type Clock } from '@lib/common';
import { SANDBOX_VENDOR_API_KEY, SANDBOX_VENDOR_WEBHOOK_SECRET } from '@lib/config';
import { registerControlRoutes } from './control/control.routes';
import {
  FAULT_MODES,
  InsurerBehaviourStore,
  parseFaults,
  profileLatency,
  type FaultMode,
  type InsurerBehaviour,
  type SandboxProfile,
} from './insurers/insurer-behaviour.store';
import { INSURERS } from './insurers/insurer-catalogue.data';
import { registerInsurerRoutes } from './insurers/insurers.routes';
import { registerMotorQuoteRoutes } from './motor/motor-quote.routes';
import { registerLifeRoutes } from './life/life.routes';
import { SingleIssuedStore } from './life/single-issued.store';
import { PolicyNumbers } from './policies/policy-numbers';
import { registerHorseRoutes } from './horse/horse.routes';
import { registerTravelRoutes } from './travel/travel.routes';
import { registerMedicalRoutes } from './medical/medical.routes';
import { registerVendorRoutes } from './payments/vendor.routes';
import { VendorCallbacks } from './payments/vendor-callbacks';
import { VendorPaymentStore } from './payments/vendor-payment.store';
import { IssuedPolicyStore } from './policies/issued-policy.store';
import { registerMotorPolicyRoutes } from './policies/motor-policy.routes';
import { PhotoStore } from './photos/photo.store';
import { registerPhotoRoutes } from './photos/photos.routes';
import { PropertyCancellationStore } from './property/property-cancellation.store';
import { registerPropertyRoutes } from './property/property.routes';
import { registerVehicleRegistryRoutes } from './registry/vehicle-registry.routes';
import { VehicleRegistryStore } from './registry/vehicle-registry.store';
import { VehicleDocumentStore } from './registry/vehicle-document.store';
import { CompanyRegistrations } from './registry/company-registrations';
import { registerVehicleDocumentRoutes } from './registry/vehicle-document.routes';
import { registerTplInsurerRoutes, TplIssuedStore } from './tpl/tpl-insurer.routes';
import type { SandboxContext } from './sandbox-context';
import { installErrorHandling } from './sandbox-http';

export interface SandboxServerOptions {
  /** realistic: 500–3000 ms per insurer; fast: 0–20 ms. Default realistic. */
  profile?: SandboxProfile;
  /** Base of absolute URLs (logos, terms). Default: the scheme and Host of each request. */
  publicUrl?: string;
  /** Start-up faults, as in SANDBOX_FAULTS ("dune:timeout,palm:error") or as a map. */
  faults?: string | Record<string, FaultMode>;
  /** Start-up latency and fault per insurer; wins over profile and faults. */
  insurers?: Record<string, Partial<InsurerBehaviour>>;
  clock?: Clock;
  /** Per photo download. Default 10 s. */
  photoDownloadTimeoutMs?: number;
  logger?: FastifyServerOptions['logger'];
  /** The payment vendor's merchant API key and callback signing secret (default: the built-in sandbox pair). */
  vendor?: { apiKey?: string; webhookSecret?: string };
}

export const INSURER_CODES = INSURERS.map((i) => i.code);

function initialBehaviours(options: SandboxServerOptions): Map<string, InsurerBehaviour> {
  const profile = options.profile ?? 'realistic';
  const faults = typeof options.faults === 'string' ? parseFaults(options.faults, INSURER_CODES) : (options.faults ?? {});
  for (const [code, fault] of Object.entries({ ...faults, ...options.insurers })) {
    if (!INSURER_CODES.includes(code)) throw new Error(`Unknown sandbox insurer "${code}".`);
    if (typeof fault === 'string' && !(FAULT_MODES as readonly string[]).includes(fault)) throw new Error(`Unknown fault "${fault}" for "${code}".`);
  }
  return new Map(
    INSURER_CODES.map((code) => [code, { latency_ms: profileLatency(code, profile), fault: faults[code] ?? 'none', ...options.insurers?.[code] }]),
  );
}

/** The simulated insurers and registries as a Fastify app, not yet listening: in-process for tests, or its own process via main.ts. */
export function createSandboxServer(options: SandboxServerOptions = {}): FastifyInstance {
  const app = Fastify({ logger: options.logger ?? false, forceCloseConnections: true });
  const lifecycle = new AbortController();
  const publicUrl = options.publicUrl?.replace(/\/+$/, '');
  const clock = options.clock ?? new SystemClock();
  const policyNumbers = new PolicyNumbers(clock);
  const webhookSecret = options.vendor?.webhookSecret ?? SANDBOX_VENDOR_WEBHOOK_SECRET;
  const ctx: SandboxContext = {
    clock,
    behaviours: new InsurerBehaviourStore(initialBehaviours(options)),
    registry: new VehicleRegistryStore(),
    documents: new VehicleDocumentStore(),
    companies: new CompanyRegistrations(),
    tplPolicies: new TplIssuedStore(),
    photos: new PhotoStore(),
    policies: new IssuedPolicyStore(policyNumbers),
    policyNumbers,
    vendor: {
      apiKey: options.vendor?.apiKey ?? SANDBOX_VENDOR_API_KEY,
      payments: new VendorPaymentStore(),
      callbacks: new VendorCallbacks(() => webhookSecret, clock, lifecycle.signal),
      refundFault: false,
    },
    propertyCancellations: new PropertyCancellationStore(),
    lifecycle: lifecycle.signal,
    photoDownloadTimeoutMs: options.photoDownloadTimeoutMs ?? 10_000,
    baseUrl: (request) => publicUrl ?? `${request.protocol}://${request.host}`,
  };
  // Wake sleeping and hanging routes before the server waits for open requests.
  app.addHook('preClose', async () => lifecycle.abort());
  installErrorHandling(app);
  app.get('/health', async () => ({ status: 'ok' }));
  registerInsurerRoutes(app, ctx);
  registerMotorQuoteRoutes(app, ctx);
  registerPhotoRoutes(app, ctx);
  registerVehicleDocumentRoutes(app, ctx);
  registerTplInsurerRoutes(app, ctx);
  registerMotorPolicyRoutes(app, ctx);
  const singleIssued = new SingleIssuedStore(policyNumbers);
  registerLifeRoutes(app, ctx, singleIssued);
  registerHorseRoutes(app, ctx, singleIssued);
  registerTravelRoutes(app, ctx, singleIssued);
  registerMedicalRoutes(app, ctx);
  registerVendorRoutes(app, ctx);
  registerVehicleRegistryRoutes(app, ctx);
  registerPropertyRoutes(app, ctx);
  registerControlRoutes(app, ctx);
  return app;
}
