import { readSandboxEnv } from './sandbox-env';

describe('readSandboxEnv', () => {
  it('defaults to a realistic sandbox on 127.0.0.1:3100', () => {
    const env = readSandboxEnv({});
    expect(env).toMatchObject({ port: 3100, host: '127.0.0.1', server: { profile: 'realistic', publicUrl: 'http://127.0.0.1:3100', faults: '' } });
  });

  it('takes port, host, public URL, profile and faults from the environment', () => {
    const env = readSandboxEnv({
      SANDBOX_PORT: '4000',
      SANDBOX_HOST: '0.0.0.0',
      SANDBOX_PROFILE: 'fast',
      SANDBOX_FAULTS: 'dune:timeout',
      SANDBOX_PUBLIC_URL: 'https://sandbox.example',
    });
    expect(env).toMatchObject({ port: 4000, host: '0.0.0.0', server: { profile: 'fast', publicUrl: 'https://sandbox.example', faults: 'dune:timeout' } });
  });

  it('refuses a bad port or profile', () => {
    expect(() => readSandboxEnv({ SANDBOX_PORT: 'abc' })).toThrow(/SANDBOX_PORT/);
    expect(() => readSandboxEnv({ SANDBOX_PROFILE: 'slow' })).toThrow(/SANDBOX_PROFILE/);
  });
});
