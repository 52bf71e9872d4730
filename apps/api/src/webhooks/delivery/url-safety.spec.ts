import { guardedLookup, isForbiddenAddress, urlProblem } from './url-safety';

describe('webhook URL safety (SSRF)', () => {
  it.each([
    '127.0.0.1',
    '127.9.9.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '100.64.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    'not-an-ip',
  ])('refuses %s', (address) => expect(isForbiddenAddress(address)).toBe(true));

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('accepts the public address %s', (address) =>
    expect(isForbiddenAddress(address)).toBe(false),
  );

  const resolveTo =
    (...addresses: string[]) =>
    async () =>
      addresses;
  const production = { httpsOnly: true, allowLoopback: false, reservedLoopbackPorts: [3000, 5432, 6379] };
  const sandbox = { ...production, httpsOnly: false };
  const localReceivers = { ...sandbox, allowLoopback: true };

  it('production: https only, and no host resolving to a forbidden address (any of its addresses)', async () => {
    expect(await urlProblem('http://hooks.example.com/x', production, resolveTo('8.8.8.8'))).toBe('The url must use https.');
    expect(await urlProblem('https://hooks.example.com/x', production, resolveTo('8.8.8.8'))).toBeNull();
    expect(await urlProblem('https://hooks.example.com/x', production, resolveTo('8.8.8.8', '10.0.0.5'))).toMatch(/private, loopback or link-local/);
    expect(await urlProblem('https://127.0.0.1/x', production, resolveTo())).toMatch(/private/);
    expect(await urlProblem('https://[::ffff:169.254.169.254]/x', production, resolveTo())).toMatch(/private/);
    expect(await urlProblem('https://localhost:8443/x', production, resolveTo('127.0.0.1'))).toMatch(/private/);
    expect(await urlProblem('https://nowhere.example/x', production, async () => Promise.reject(new Error('ENOTFOUND')))).toBe(
      'The url host does not resolve.',
    );
  });

  it('sandbox refuses every internal target as production does, whatever way it is written', async () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]:9/x',
      'http://0.0.0.0/',
      'http://127.1/',
      'http://2130706433/',
      'http://0x7f000001/',
      'http://0177.0.0.1/',
      'http://[::ffff:127.0.0.1]/',
      'http://10.0.0.1/',
      'http://192.168.1.1/',
      'http://172.16.0.1/',
      'http://100.64.0.1/',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
      'http://metadata.google.internal/computeMetadata/v1/',
    ]) {
      expect([url, await urlProblem(url, sandbox, resolveTo('8.8.8.8'))]).toEqual([url, 'The url may not point at a private, loopback or link-local address.']);
    }
    // names are judged by what they resolve to
    expect(await urlProblem('http://localtest.me/x', sandbox, resolveTo('127.0.0.1'))).toMatch(/private/);
    expect(await urlProblem('http://7f000001.nip.io/x', sandbox, resolveTo('127.0.0.1'))).toMatch(/private/);
    expect(await urlProblem('http://hooks.example.com/x', sandbox, resolveTo('93.184.215.14'))).toBeNull();
  });

  it("with loopback allowed (local receivers): loopback on a free port only, never the platform's own ports, nothing else private", async () => {
    expect(await urlProblem('http://127.0.0.1:9999/hook', localReceivers)).toBeNull();
    expect(await urlProblem('http://[::1]:9999/hook', localReceivers)).toBeNull();
    for (const port of [3000, 5432, 6379]) expect(await urlProblem(`http://127.0.0.1:${port}/x`, localReceivers)).toMatch(/serves the platform itself/);
    expect(await urlProblem('http://10.0.0.1:9999/x', localReceivers)).toMatch(/private/);
    expect(await urlProblem('http://169.254.169.254/x', localReceivers)).toMatch(/private/);
    expect(await urlProblem('http://0.0.0.0:9999/x', localReceivers)).toMatch(/private/);
  });

  it('other schemes, credentials and fragments never are', async () => {
    expect(await urlProblem('ftp://example.com/x', sandbox)).toMatch(/http or https/);
    expect(await urlProblem('not a url', sandbox)).toMatch(/http or https/);
    expect(await urlProblem('https://user:pw@example.com/x', sandbox)).toMatch(/credentials/);
    expect(await urlProblem('https://example.com/x#y', sandbox)).toMatch(/fragment/);
  });
});

describe('guardedLookup (connection time)', () => {
  const lookup = (allowLoopback: boolean, host: string, port = 9999) =>
    new Promise<{ err: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
      guardedLookup({ httpsOnly: false, allowLoopback, reservedLoopbackPorts: [3000] }, port)(host, {}, (err, address) => resolve({ err, address })),
    );

  it('refuses a name that resolves to loopback unless loopback is allowed, so a re-pointed DNS name cannot reach the host', async () => {
    expect((await lookup(false, 'localhost')).err?.code).toBe('EFORBIDDENADDRESS');
    const local = await lookup(true, 'localhost');
    expect(local.err).toBeNull();
    expect(isForbiddenAddress(String(local.address))).toBe(true);
    expect((await lookup(true, 'localhost', 3000)).err?.code).toBe('EFORBIDDENADDRESS');
    expect((await lookup(true, 'metadata.google.internal')).err?.code).toBe('EFORBIDDENADDRESS');
  });
});
