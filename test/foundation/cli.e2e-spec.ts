import { ApiClientRepository } from '../../apps/api/src/platform/clients/api-client.repository';
import { ClientsService } from '../../apps/api/src/platform/clients/clients.service';
import { clientCommands } from '../../apps/api/src/platform/cli/client-commands';
import { runCli } from '../../apps/api/src/platform/cli/run-cli';
import { startTestApp, TestApp } from '../support/test-app';

describe('operator CLI', () => {
  let app: TestApp;
  let out: string[];
  let err: string[];
  let cli: (...argv: string[]) => Promise<number>;

  beforeAll(async () => {
    app = await startTestApp();
    const repo = app.api.app.get(ApiClientRepository);
    const commands = clientCommands(app.api.app.get(ClientsService), repo);
    cli = (...argv) => runCli(argv, commands, { out: (t) => out.push(t), err: (t) => err.push(t) });
  });
  beforeEach(() => {
    out = [];
    err = [];
  });
  afterAll(() => app.close());

  const created = () => {
    const text = out.join('\n');
    return { id: /client_id:\s+(\S+)/.exec(text)![1], secret: /client_secret:\s+(\S+)/.exec(text)![1] };
  };

  it('creates a client in every product and prints its secret once; the secret works', async () => {
    expect(await cli('client:create', '--name', 'Acme', '--products', 'all')).toBe(0);
    const c = created();
    const stored = await app.db.prisma.apiClient.findUniqueOrThrow({ where: { id: c.id } });
    expect(stored.products).toHaveLength(12);
    expect(stored.secretHash).toMatch(/^\$argon2id\$/);
    expect(stored.secretHash).not.toContain(c.secret);
    expect(await app.token(c)).toMatch(/^eyJ/);
  });

  it('accepts product codes and the spec names, and names unknown products', async () => {
    expect(await cli('client:create', '--name', 'Broker', '--products', 'motor-tpl,Property (Price Comparison)')).toBe(0);
    const stored = await app.db.prisma.apiClient.findUniqueOrThrow({ where: { id: created().id } });
    expect(stored.products).toEqual(['motor-tpl', 'property-comparison']);

    expect(await cli('client:create', '--name', 'X', '--products', 'motor-tpl,boats')).toBe(1);
    expect(err.join()).toContain('Unknown product: boats');
  });

  it('rotates the secret: the old one stops working, the new one works', async () => {
    await cli('client:create', '--name', 'Rotator', '--products', 'all');
    const before = created();
    out = [];
    expect(await cli('client:rotate-secret', before.id)).toBe(0);
    const after = created();
    expect(after.secret).not.toBe(before.secret);
    await expect(app.token(before)).rejects.toThrow(/401/);
    expect(await app.token(after)).toMatch(/^eyJ/);
  });

  it('enrols and unenrols', async () => {
    await cli('client:create', '--name', 'Enrol', '--products', 'motor-tpl');
    const { id } = created();
    expect(await cli('client:enrol', id, 'horse')).toBe(0);
    expect(await cli('client:unenrol', id, 'motor-tpl')).toBe(0);
    expect((await app.db.prisma.apiClient.findUniqueOrThrow({ where: { id } })).products).toEqual(['horse']);
  });

  it('explains usage mistakes and unknown ids', async () => {
    expect(await cli('client:create', '--products', 'all')).toBe(2);
    expect(err.join()).toContain('missing --name');
    expect(await cli('client:rotate-secret', '00000000-0000-4000-8000-000000000000')).toBe(1);
    expect(err.join()).toContain('No API client');
    expect(await cli('nope')).toBe(2);
  });
});
