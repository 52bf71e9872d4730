import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '@lib/config';

/**
 * Seals endpoint secrets at rest with AES-256-GCM. Unlike client secrets they cannot be hashed: the worker
 * needs the signing secret itself to compute each HMAC. A sealed value is `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(keyMaterial: string) {
    // The configured value may be any string of 32+ characters; SHA-256 turns it into a 256-bit key.
    this.key = createHash('sha256').update(`webhook-secrets:${keyMaterial}`).digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, ct] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || ct === undefined) throw new Error('Unknown sealed secret format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
  }
}

/** WEBHOOK_SECRET_KEY, or in sandbox one generated once and kept under DATA_DIR so sealed secrets survive restarts. */
export function resolveWebhookSecretKey(config: AppConfig): string {
  if (config.webhooks.secretKey) return config.webhooks.secretKey;
  if (config.env === 'production') throw new Error('WEBHOOK_SECRET_KEY is required in production');
  const file = join(config.dataDir, 'webhook-secret-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const key = randomBytes(48).toString('base64url');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}
