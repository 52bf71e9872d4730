import type { AdminResource } from '@lib/common/permissions';

/**
 * Which console resource a stored file belongs to, by its kind: staff may download it when their role
 * may read that resource's personal data (`read_pii`), since every stored file is someone's document.
 */
const KIND_RESOURCES: Array<[prefix: string, resource: AdminResource]> = [
  ['vehicle-photo/', 'motor-policies'],
  ['policy-document/motor', 'motor-policies'],
  ['policy-invoice/motor', 'motor-policies'],
  ['property-document/', 'property-policies'],
  ['claim-document/', 'claims'],
  ['tpl/', 'tpl-policies'],
  ['cancellation-document/horse', 'horse-policies'],
  ['horse-document', 'horse-policies'],
  ['cancellation-document/life', 'life-policies'],
  ['cancellation-document/medical', 'medical-policies'],
  ['travel-', 'travel-policies'],
];

export function resourceOfKind(kind: string): AdminResource | null {
  return KIND_RESOURCES.find(([prefix]) => kind.startsWith(prefix))?.[1] ?? null;
}

/** The name a download is saved under: what it is, and a short piece of its id. */
export function downloadName(kind: string, id: string, extension: string): string {
  return `${kind.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}-${id.slice(0, 8)}.${extension}`;
}
