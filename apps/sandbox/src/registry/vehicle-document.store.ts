import type { WireRegisterDocumentRequest, WireRegisteredDocument } from '@lib/providers';

/**
 * What each vehicle document (istimarah, updated vehicle information document) says, keyed by the
 * SHA-256 of its bytes: the simulated national platform is the source of truth, not the file's text.
 * Registering the same hash again replaces what it says (the control route is for tests and demos).
 */
export class VehicleDocumentStore {
  private readonly byHash = new Map<string, WireRegisteredDocument>();

  find(sha256: string): WireRegisteredDocument | null {
    return this.byHash.get(sha256) ?? null;
  }

  register(doc: WireRegisterDocumentRequest, at: Date): WireRegisteredDocument {
    const stored = { ...doc, registered_at: at.toISOString() };
    this.byHash.set(doc.sha256, stored);
    return stored;
  }

  clear(): void {
    this.byHash.clear();
  }
}
