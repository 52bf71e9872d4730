import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRODUCT_CODES } from '@lib/common';
import type { AppConfig } from '@lib/config';
import { ApiClientRepository } from '../clients/api-client.repository';
import { ClientsService } from '../clients/clients.service';
import { hashSecret, verifySecret } from '../clients/secret-hasher';

export interface SandboxCredentials {
  client_id: string;
  client_secret: string;
}

/**
 * Sandbox only: makes sure a client enrolled in every product exists. With SANDBOX_CLIENT_ID and
 * SANDBOX_CLIENT_SECRET it is exactly that client; otherwise one is created once and its credentials are
 * kept in DATA_DIR/sandbox-client.json (a sandbox convenience: production never writes a secret anywhere).
 */
export async function ensureSandboxClient(config: AppConfig, clients: ClientsService, repo: ApiClientRepository): Promise<SandboxCredentials> {
  if (config.sandboxClient) {
    const { id, secret } = config.sandboxClient;
    const existing = await repo.findById(id);
    if (!existing) await clients.create('Sandbox client', [...PRODUCT_CODES], { id, secret });
    else {
      if (!(await verifySecret(existing.secretHash, secret))) await repo.rotateSecret(id, await hashSecret(secret), new Date());
      await repo.setProducts(id, [...new Set([...existing.products, ...PRODUCT_CODES])]);
      if (!existing.active) await repo.setActive(id, true);
    }
    return { client_id: id, client_secret: secret };
  }
  const file = join(config.dataDir, 'sandbox-client.json');
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as SandboxCredentials;
    const existing = await repo.findById(saved.client_id);
    if (existing && (await verifySecret(existing.secretHash, saved.client_secret))) return saved;
  }
  const { client, secret } = await clients.create('Sandbox client', [...PRODUCT_CODES]);
  const creds = { client_id: client.id, client_secret: secret };
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(creds, null, 2), { mode: 0o600 });
  return creds;
}
