import { randomBytes } from 'node:crypto';
import * as argon2 from 'argon2';

/**
 * argon2id with OWASP's minimum profile (19 MiB, t=2, p=1): ~20 ms per verify here, run on the
 * libuv pool so the event loop keeps serving.
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashSecret(secret: string): Promise<string> {
  return argon2.hash(secret, OPTIONS);
}

export async function verifySecret(hash: string, secret: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, secret);
  } catch {
    return false;
  }
}

/** 256 random bits, URL-safe. */
export function generateSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** A hash no secret matches, verified against for unknown client ids so timing does not tell them apart. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashSecret(generateSecret());
  return decoy;
}
