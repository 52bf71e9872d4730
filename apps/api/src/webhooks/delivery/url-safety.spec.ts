import { guardedLookup, isForbiddenAddress, urlProblem } from './url-safety';

describe('webhook URL safety (SSRF)', () => {
  it.each([
    '127.0.0.1', '127.9.9.9', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '0.0.0.0', '100.64.0.1',
    '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1',
    '::ffff:10.0.0.1', '64:ff9b::a00:1', 'not-an-ip',
  ])('refuses %s', (address) => expect(isForbiddenAddress(address)).toBe(true));

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('accepts the public address %s', (address) =>
    expect(isForbiddenAddress(address)).toBe(false),
  );

  const resolveTo = (...addresses: string[]) => async () => addresses;
  const strict = { strict: true };

  it('production: https only, and no host resolving to a forbidden address (any of its addresses)', async () => {
    expect(await urlProblem('http://hooks.example.com/x', strict, resolveTo('8.8.8.8'))).toBe('The url must use https.');
    expect(await urlProblem('https://hooks.example.com/x', strict, resolveTo('8.8.8.8'))).toBeNull();
    expect(await urlProblem('https://hooks.example.com/x', strict, resolveTo('8.8.8.8', '10.0.0.5'))).toMatch(/private, loopback or link-local/);
    expect(await urlProblem('https://127.0.0.1/x', strict, resolveTo())).toMatch(/private/);
    expect(await urlProblem('https://[::ffff:169.254.169.254]/x', strict, resolveTo())).toMatch(/private/);
    expect(await urlProblem('https://localhost:8443/x', strict, resolveTo('8.8.8.8'))).toMatch(/private/);
    expect(await urlProblem('https://nowhere.example/x', strict, async () => Promise.reject(new Error('ENOTFOUND')))).toBe('The url host does not resolve.');
  });

  it('sandbox: http and local receivers are fine; other schemes, credentials and fragments never are', async () => {
    const sandbox = { strict: false };
    expect(await urlProblem('http://127.0.0.1:9999/hook', sandbox)).toBeNull();
    expect(await urlProblem('ftp://example.com/x', sandbox)).toMatch(/http or https/);
    expect(await urlProblem('not a url', sandbox)).toMatch(/http or https/);
    expect(await urlProblem('https://user:pw@example.com/x', sandbox)).toMatch(/credentials/);
    expect(await urlProblem('https://example.com/x#y', sandbox)).toMatch(/fragment/);
  });
});

describe('guardedLookup (connection time)', () => {
  const lookup = (strict: boolean, host: string) =>
    new Promise<{ err: NodeJS.ErrnoException | null; address: unknown }>((resolve) => guardedLookup({ strict })(host, {}, (err, address) => resolve({ err, address })));

  it('refuses a name that resolves to loopback in production, so a re-pointed DNS name cannot reach the host', async () => {
    const strict = await lookup(true, 'localhost');
    expect(strict.err?.code).toBe('EFORBIDDENADDRESS');
    const sandbox = await lookup(false, 'localhost');
    expect(sandbox.err).toBeNull();
    expect(isForbiddenAddress(String(sandbox.address))).toBe(true);
  });
});
