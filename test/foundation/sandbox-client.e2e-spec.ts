import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../libs/config/src';
import { ApiClientRepository } from '../../apps/api/src/platform/clients/api-client.repository';
import { ClientsService } from '../../apps/api/src/platform/clients/clients.service';
import { ensureSandboxClient } from '../../apps/api/src/platform/sandbox/sandbox-client';
import { startTestApp, TestApp } from '../support/test-app';

describe('sandbox client bootstrap', () => {
  let app: TestApp;
  let ensure: (env: Record<string, string>) => ReturnType<typeof ensureSandboxClient>;

  beforeAll(async () => {
    app = await startTestApp();
    ensure = (env) =>
      ensureSandboxClient(loadConfig({ DATA_DIR: app.config.dataDir, ...env }), app.api.app.get(ClientsService), app.api.app.get(ApiClientRepository));
  });
  afterAll(() => app.close());

  it('creates one client enrolled in every product once, keeps its credentials and reuses them', async () => {
    const first = await ensure({});
    expect(existsSync(join(app.config.dataDir, 'sandbox-client.json'))).toBe(true);
    expect(JSON.parse(readFileSync(join(app.config.dataDir, 'sandbox-client.json'), 'utf8'))).toEqual(first);
    const again = await ensure({});
    expect(again).toEqual(first);
    const stored = await app.db.prisma.apiClient.findUniqueOrThrow({ where: { id: first.client_id } });
    expect(stored.products).toHaveLength(12);
    expect(await app.token({ id: first.client_id, secret: first.client_secret })).toMatch(/^eyJ/);
  });

  it('uses exactly SANDBOX_CLIENT_ID and SANDBOX_CLIENT_SECRET when set, also after they change', async () => {
    const id = '3f0c2b9e-6a8d-4c1e-9f7a-2b3c4d5e6f70';
    await ensure({ SANDBOX_CLIENT_ID: id, SANDBOX_CLIENT_SECRET: 'pinned-secret-0123456789abcdef' });
    expect(await app.token({ id, secret: 'pinned-secret-0123456789abcdef' })).toMatch(/^eyJ/);
    await ensure({ SANDBOX_CLIENT_ID: id, SANDBOX_CLIENT_SECRET: 'another-secret-0123456789abcdef' });
    await expect(app.token({ id, secret: 'pinned-secret-0123456789abcdef' })).rejects.toThrow(/401/);
    expect(await app.token({ id, secret: 'another-secret-0123456789abcdef' })).toMatch(/^eyJ/);
  });
});
