import { SandboxHttpError } from '../sandbox-http';
import { findInsurer } from './insurer-catalogue.data';
import type { InsurerProfile } from './insurer-profile';

export function insurerOr404(code: string): InsurerProfile {
  const insurer = findInsurer(code);
  if (!insurer) throw new SandboxHttpError(404, 'not_found', `Insurer "${code}" not found.`);
  return insurer;
}
