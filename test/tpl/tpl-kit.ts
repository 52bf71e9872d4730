import { createHash } from 'node:crypto';
import { MotorTestEnv } from '../support/motor-kit';

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A small, well-formed PDF whose bytes (and so hash) differ per `seed`. */
export function pdfDocument(seed: string | number): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R /Seed (${seed}) >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );
}

let vinCounter = 0;
/** A distinct European VIN (no check digit rule applies to them). */
export function nextVin(): string {
  vinCounter += 1;
  return `WDB${String(Date.now() % 1e6).padStart(6, '0')}${String(vinCounter).padStart(8, '0')}`;
}

export interface Vehicle {
  vin: string;
  car_sequence_number: string;
  current_car_owner: string;
  new_owner_id: string;
}

let seqCounter = 400000000;
export function nextVehicle(): Vehicle {
  return { vin: nextVin(), car_sequence_number: String(seqCounter++), current_car_owner: '1012345678', new_owner_id: '1098765432' };
}

/** Tells the sandbox registry what a document says (the control route, as a test or demo does). */
export async function registerDocument(
  env: MotorTestEnv,
  bytes: Buffer,
  says: { vin: string; car_sequence_number: string; owner_id: string; ownership_transfer_complete: boolean },
) {
  const res = await fetch(`${env.sandbox.baseUrl}/__control/registry/documents`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sha256: sha256(bytes), ...says }),
  });
  if (res.status !== 201) throw new Error(`registry answered ${res.status}: ${await res.text()}`);
}

export function form(fields: Record<string, string>, files: Record<string, { bytes: Buffer; name?: string; type?: string }> = {}): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  for (const [k, v] of Object.entries(files)) f.append(k, new Blob([new Uint8Array(v.bytes)], { type: v.type ?? 'application/pdf' }), v.name ?? `${k}.pdf`);
  return f;
}

/** Issue fields for a vehicle, with a registered istimarah showing it under the seller. */
export async function issueForm(env: MotorTestEnv, v: Vehicle, over: Record<string, string> = {}, register = true) {
  const istimarah = pdfDocument(`istimarah-${v.vin}-${Math.random()}`);
  if (register)
    await registerDocument(env, istimarah, {
      vin: v.vin,
      car_sequence_number: v.car_sequence_number,
      owner_id: v.current_car_owner,
      ownership_transfer_complete: false,
    });
  return form({ email: 'buyer@example.com', ...v, ...over }, { istimarah: { bytes: istimarah } });
}
