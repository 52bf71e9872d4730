import type { WireRegisteredDocument, WireTplIssued, WireTplIssueRequest, WireTplPrice } from './tpl-provider.wire';

/** Why a call to the TPL insurer or the vehicle registry failed (never the customer's fault). */
export class TplProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'TplProviderError';
  }
}

/** The TPL v2 insurer and the vehicle registry that says what a vehicle document shows. */
export interface TplProvider {
  /** What the registry recorded for the document with these bytes (by SHA-256), or null when it knows none. */
  findDocument(sha256: string): Promise<WireRegisteredDocument | null>;
  price(): Promise<WireTplPrice>;
  /** Idempotent by `reference`: a repeat answers the same policy number. */
  issue(request: WireTplIssueRequest): Promise<WireTplIssued>;
}
