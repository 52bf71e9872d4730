import { Inject, Injectable } from '@nestjs/common';
import { ApiError, z } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { callContract, wireRegisteredStaffSchema, type ContractFailure, type WireIssueDocumentRequest, type WireRegisteredStaff } from '@lib/providers';

const behaviour = z.object({ latency_ms: z.number().optional(), fault: z.string().optional() });
const scopeSchema = z.object({ scope: z.string(), insurers: z.record(z.string(), behaviour) });
const insurersSchema = z.object({ insurers: z.record(z.string(), z.object({ latency_ms: z.number(), fault: z.string() })) });

export interface BehaviourPatch {
  family?: string | null;
  latency_ms?: number;
  fault?: string;
}

/** A sandbox failure as the partner sees it: the sandbox's own 404/422 pass through; anything else is 502. */
function asApiError(failure: ContractFailure, message: string, details?: Record<string, string[]>): Error {
  if (failure === 'not_found') return ApiError.notFound(message);
  if (failure === 'rejected' && details) return ApiError.validation(details);
  return new ApiError('PROVIDER_FAILED', `The sandbox service failed: ${message}`);
}

/**
 * The API's side of the sandbox service's control routes, for the partner-facing sandbox tools. Every call
 * names the calling client as the scope, so a partner only ever changes what its own requests meet.
 */
@Injectable()
export class SandboxControl {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  private call<T>(method: string, path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    return callContract({ baseUrl: this.config.sandboxUrl, method, path, body, schema, timeoutMs: 10_000 }, asApiError);
  }

  shared() {
    return this.call('GET', '/__control/insurers', insurersSchema);
  }

  scope(clientId: string) {
    return this.call('GET', `/__control/scopes/${encodeURIComponent(clientId)}`, scopeSchema);
  }

  setBehaviour(clientId: string, insurer: string, patch: BehaviourPatch) {
    return this.call('PUT', `/__control/scopes/${encodeURIComponent(clientId)}/insurers/${encodeURIComponent(insurer)}`, scopeSchema, patch);
  }

  clearScope(clientId: string) {
    return this.call('DELETE', `/__control/scopes/${encodeURIComponent(clientId)}`, scopeSchema);
  }

  /** The company the sandbox registry answers to this client's employees fetch for this number. */
  registerCompany(clientId: string, staff: WireRegisteredStaff) {
    const path = `/__control/scopes/${encodeURIComponent(clientId)}/registry/companies/${encodeURIComponent(staff.commercial_registration_number)}`;
    return this.call('PUT', path, wireRegisteredStaffSchema, { employees: staff.employees });
  }

  /** A vehicle information document PDF the sandbox registry now knows. */
  async issueVehicleDocument(doc: WireIssueDocumentRequest): Promise<{ bytes: Buffer; sha256: string }> {
    let res: Response;
    try {
      res = await fetch(`${this.config.sandboxUrl}/registry/documents/issue`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(doc),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (err) {
      throw new ApiError('PROVIDER_FAILED', `The sandbox vehicle registry did not answer: ${(err as Error).message}`);
    }
    if (res.status !== 201) throw new ApiError('PROVIDER_FAILED', `The sandbox vehicle registry answered HTTP ${res.status}.`);
    return { bytes: Buffer.from(await res.arrayBuffer()), sha256: res.headers.get('x-document-sha256') ?? '' };
  }
}
