import { ConfigError, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('applies defaults for an empty environment', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ env: 'sandbox', port: 3000, dataDir: '.data', tokenTtlSeconds: 86_400 });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.publicBaseUrl).toBe('http://localhost:3000');
  });

  it('names every bad variable', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', APP_ENV: 'staging' });
      throw new Error('expected a ConfigError');
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const text = (e as ConfigError).problems.join('\n');
      expect(text).toContain('PORT');
      expect(text).toContain('DATABASE_URL');
      expect(text).toContain('APP_ENV');
    }
  });

  it('requires a JWT secret and PostgreSQL in production', () => {
    expect(() => loadConfig({ APP_ENV: 'production' })).toThrow(/JWT_SECRET[\s\S]*DATABASE_URL/);
  });

  it('uses the sandbox payment vendor by default and requires a real one in production', () => {
    expect(loadConfig({ SANDBOX_PORT: '4210' }).paymentVendor).toMatchObject({ url: 'http://127.0.0.1:4210' });
    expect(() => loadConfig({ APP_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATABASE_URL: 'postgresql://h/db' })).toThrow(
      /PAYMENT_VENDOR_URL[\s\S]*PAYMENT_VENDOR_API_KEY[\s\S]*PAYMENT_VENDOR_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ PAYMENT_VENDOR_WEBHOOK_SECRET: 'short' })).toThrow(/PAYMENT_VENDOR_WEBHOOK_SECRET/);
  });

  it('requires a webhook secret key in production, and bounds the webhook worker settings', () => {
    const prod = {
      APP_ENV: 'production',
      JWT_SECRET: 'j'.repeat(40),
      DATABASE_URL: 'postgresql://db/x',
      PAYMENT_VENDOR_URL: 'https://vendor.example',
      PAYMENT_VENDOR_API_KEY: 'k'.repeat(24),
      PAYMENT_VENDOR_WEBHOOK_SECRET: 's'.repeat(40),
      TAX_SELLER_VAT_NUMBERS: 'dune=300000000100003',
    };
    expect(() => loadConfig(prod)).toThrow(/WEBHOOK_SECRET_KEY: required/);
    expect(loadConfig({ ...prod, WEBHOOK_SECRET_KEY: 'w'.repeat(40) }).webhooks).toMatchObject({
      worker: true,
      pollIntervalMs: 1000,
      timeoutMs: 10_000,
      maxAttempts: 8,
    });
    expect(() => loadConfig({ WEBHOOK_SECRET_KEY: 'short' })).toThrow(/WEBHOOK_SECRET_KEY/);
    expect(() => loadConfig({ WEBHOOK_TIMEOUT_MS: '5' })).toThrow(/WEBHOOK_TIMEOUT_MS/);
    expect(loadConfig({ WEBHOOK_WORKER: 'false' }).webhooks.worker).toBe(false);
  });

  it('keeps the request log on, 30 days, in batches off the request path, with bounded settings', () => {
    expect(loadConfig({}).requestLog).toEqual({
      enabled: true,
      bodies: true,
      retentionDays: 30,
      flushMs: 1000,
      batchSize: 1000,
      bufferMax: 20_000,
      sweepMs: 3_600_000,
    });
    expect(loadConfig({ REQUEST_LOG: 'false', REQUEST_LOG_RETENTION_DAYS: '7' }).requestLog).toMatchObject({ enabled: false, retentionDays: 7 });
    expect(() => loadConfig({ REQUEST_LOG_RETENTION_DAYS: '0' })).toThrow(/REQUEST_LOG_RETENTION_DAYS/);
    expect(() => loadConfig({ REQUEST_LOG_BUFFER_MAX: 'lots' })).toThrow(/REQUEST_LOG_BUFFER_MAX/);
  });

  it("bounds the heap growth (default 50 %, 0 for V8's own)", () => {
    expect(loadConfig({}).heapGrowthPercent).toBe(50);
    expect(loadConfig({ HEAP_GROWTH_PERCENT: '0' }).heapGrowthPercent).toBe(0);
    expect(() => loadConfig({ HEAP_GROWTH_PERCENT: '-1' })).toThrow(/HEAP_GROWTH_PERCENT/);
    expect(() => loadConfig({ HEAP_GROWTH_PERCENT: '301' })).toThrow(/HEAP_GROWTH_PERCENT/);
  });

  it('requires the sandbox client id and secret together', () => {
    expect(() => loadConfig({ SANDBOX_CLIENT_ID: '6f1c1c3e-8f0e-4a53-9a55-2a1f3f3d7b11' })).toThrow(/SANDBOX_CLIENT_SECRET/);
  });
  it("takes each seller's VAT number, checked at startup, over the sandbox insurers' defaults; production names them", () => {
    expect(loadConfig({}).taxSellerVatNumbers).toMatchObject({ dune: '300000000100003', caravan: '300000000600003' });
    expect(loadConfig({ TAX_SELLER_VAT_NUMBERS: 'dune=311111111111113, acme = 322222222222223' }).taxSellerVatNumbers).toMatchObject({
      dune: '311111111111113',
      acme: '322222222222223',
      palm: '300000000200003',
    });
    for (const bad of ['dune=31111111111113', 'dune=411111111111113', 'dune=311111111111112', 'dune=3111111111111a3', 'dune', 'Dune=311111111111113']) {
      expect(() => loadConfig({ TAX_SELLER_VAT_NUMBERS: bad })).toThrow(/TAX_SELLER_VAT_NUMBERS/);
    }
    expect(() => loadConfig({ TAX_SELLER_VAT_NUMBERS: 'dune=311111111111112' })).toThrow(/15 digits, starting and ending with 3/);
    const prod = {
      APP_ENV: 'production',
      JWT_SECRET: 'j'.repeat(40),
      DATABASE_URL: 'postgresql://db/x',
      PAYMENT_VENDOR_URL: 'https://vendor.example',
      PAYMENT_VENDOR_API_KEY: 'k'.repeat(24),
      PAYMENT_VENDOR_WEBHOOK_SECRET: 's'.repeat(40),
      WEBHOOK_SECRET_KEY: 'w'.repeat(40),
    };
    expect(() => loadConfig(prod)).toThrow(/TAX_SELLER_VAT_NUMBERS: required when APP_ENV=production/);
    expect(loadConfig({ ...prod, TAX_SELLER_VAT_NUMBERS: 'acme=322222222222223' }).taxSellerVatNumbers).toEqual({ acme: '322222222222223' });
  });
});
