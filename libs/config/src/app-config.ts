import { z } from 'zod';
import { isZatcaVatNumber } from '@lib/common/saudi/zatca-qr';

const port = z.coerce.number().int().min(0).max(65535);
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(p)), {
      message: `must start with ${protocols.join(' or ')}`,
    });

/** Days before a policy's end that its renewal is due (0: no renewal_due event). */
const renewalDays = z.coerce.number().int().min(0).max(365);

/** The families whose policies end, each with its own renewal notice (`RENEWAL_DUE_DAYS_<FAMILY>`). */
export const RENEWAL_FAMILIES = ['motor', 'tpl', 'property', 'travel', 'horse', 'life', 'medical'] as const;

const envSchema = z.object({
  APP_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  HOST: z.string().default('127.0.0.1'),
  PORT: port.default(3000),
  PUBLIC_BASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: optionalUrl(['postgres://', 'postgresql://']),
  REDIS_URL: optionalUrl(['redis://', 'rediss://']),
  REDIS_KEY_PREFIX: z.string().default('ins:'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(31_536_000).default(86_400),
  SANDBOX_CLIENT_ID: z.string().uuid().optional(),
  SANDBOX_CLIENT_SECRET: z.string().min(24, 'must be at least 24 characters').optional(),
  SANDBOX_PORT: port.default(3100),
  SANDBOX_URL: z.string().url().optional(),
  SANDBOX_START: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  RATE_LIMIT_DEFAULT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  OAUTH_FAILED_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(20),
  IDEMPOTENCY_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  SMTP_URL: z
    .string()
    .url()
    .refine((u) => /^smtps?:\/\//.test(u), 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  FILE_URL_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  FILE_URL_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(600),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  HEAP_GROWTH_PERCENT: z.coerce.number().int().min(0).max(300).default(50),
  MOTOR_INSURER_TIMEOUT_MS: z.coerce.number().int().min(100).max(110_000).default(20_000),
  MOTOR_QUOTE_DEADLINE_MS: z.coerce.number().int().min(100).max(110_000).default(45_000),
  PAYMENT_VENDOR_URL: z.string().url().optional(),
  PAYMENT_VENDOR_API_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  PAYMENT_VENDOR_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PAYMENT_CALLBACK_TOLERANCE_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  POLICY_DOCUMENTS_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  PAYMENT_RECONCILE_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  REFUND_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
  DUE_EVENTS_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
  DUE_EVENTS_MAX_PER_SECOND: z.coerce.number().int().min(1).max(100_000).default(350),
  RENEWAL_DUE_DAYS: renewalDays.default(30),
  RENEWAL_DUE_DAYS_MOTOR: renewalDays.optional(),
  RENEWAL_DUE_DAYS_TPL: renewalDays.optional(),
  RENEWAL_DUE_DAYS_PROPERTY: renewalDays.optional(),
  RENEWAL_DUE_DAYS_TRAVEL: renewalDays.optional(),
  RENEWAL_DUE_DAYS_HORSE: renewalDays.optional(),
  RENEWAL_DUE_DAYS_LIFE: renewalDays.optional(),
  RENEWAL_DUE_DAYS_MEDICAL: renewalDays.optional(),
  PROPERTY_ISSUANCE_PROVIDERS: z
    .string()
    .default('dune')
    .transform((v) =>
      v
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean),
    )
    .refine((codes) => codes.length > 0 && codes.every((c) => /^[a-z0-9_-]{1,32}$/.test(c)), 'must be a comma list of provider codes, e.g. dune'),
  TAX_SELLER_VAT_NUMBERS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const sellers: Record<string, string> = {};
      for (const pair of (v ?? '')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)) {
        const [code, vat, extra] = pair.split('=').map((p) => p.trim());
        if (!code || !/^[a-z0-9_-]{1,32}$/.test(code) || vat === undefined || extra !== undefined) {
          ctx.addIssue({ code: 'custom', message: `"${pair}" is not insurer_code=VAT number, e.g. dune=300000000000003` });
        } else if (!isZatcaVatNumber(vat)) {
          ctx.addIssue({ code: 'custom', message: `${code}: "${vat}" is not a VAT registration number (15 digits, starting and ending with 3)` });
        } else sellers[code] = vat;
      }
      return sellers;
    }),
  PROPERTY_INSURER_TIMEOUT_MS: z.coerce.number().int().min(100).max(110_000).default(20_000),
  WEBHOOK_SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  WEBHOOK_WORKER: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  WEBHOOK_POLL_INTERVAL_MS: z.coerce.number().int().min(10).max(600_000).default(1000),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(30).default(8),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  WEBHOOK_BATCH_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  WEBHOOK_ALLOW_LOOPBACK: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  REQUEST_LOG: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  REQUEST_LOG_BODIES: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  REQUEST_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  REQUEST_LOG_FLUSH_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  REQUEST_LOG_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(1000),
  REQUEST_LOG_BUFFER_MAX: z.coerce.number().int().min(1).max(1_000_000).default(20_000),
  REQUEST_LOG_SWEEP_MS: z.coerce.number().int().min(0).max(86_400_000).default(3_600_000),
});

/**
 * The sandbox payment vendor's well-known credentials: sandbox only (production requires its own), so
 * `npm start` and the sandbox service agree without any setup.
 */
export const SANDBOX_VENDOR_API_KEY = 'sandbox-vendor-api-key-not-secret';
export const SANDBOX_VENDOR_WEBHOOK_SECRET = 'sandbox-vendor-webhook-secret-not-secret-at-all';

/**
 * The sandbox insurers' VAT registration numbers (made up, in ZATCA's format), so the sandbox issues tax invoices
 * without any setup. Sandbox only: production names every seller's number in TAX_SELLER_VAT_NUMBERS.
 */
export const SANDBOX_SELLER_VAT_NUMBERS: Readonly<Record<string, string>> = {
  dune: '300000000100003',
  palm: '300000000200003',
  oryx: '300000000300003',
  compass: '300000000400003',
  lantern: '300000000500003',
  caravan: '300000000600003',
  pearl: '300000000700003',
  summit: '300000000800003',
  naseem: '300000000900003',
};

export type AppEnv = z.output<typeof envSchema>;

export interface AppConfig {
  env: 'sandbox' | 'production';
  host: string;
  port: number;
  publicBaseUrl: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  redisKeyPrefix: string;
  jwtSecret?: string;
  tokenTtlSeconds: number;
  sandboxClient?: { id: string; secret: string };
  sandboxPort: number;
  sandboxUrl: string;
  /** npm start runs the sandbox insurers itself (sandbox mode, unless SANDBOX_URL points elsewhere). */
  startSandbox: boolean;
  logLevel: AppEnv['LOG_LEVEL'];
  /** JSON lines, or readable lines for a person at a terminal (the default when stdout is one, outside production). */
  logFormat: 'json' | 'pretty';
  bodyLimitBytes: number;
  rateLimitDefaultPerMinute: number;
  /** Failed token requests (wrong or unknown credentials) one address may make per minute, across every client id. */
  oauthFailedAttemptsPerAddress: number;
  idempotencyTtlHours: number;
  trustProxy: boolean;
  /**
   * Bearer secret of GET /metrics. Set: the endpoint needs `Authorization: Bearer <it>`. Unset: the endpoint is
   * open in sandbox and absent (404) in production, so personal-data-free but internal figures are never public.
   */
  metricsToken?: string;
  /** The mail server invitation links go out through (`SMTP_URL`, `MAIL_FROM`); none: production cannot invite. */
  mail?: { url: string; from: string };
  /**
   * Signed, expiring file URLs (vehicle photos for insurers): the HMAC key (derived from the JWT secret when
   * unset) and how long a signed URL works.
   */
  fileUrls: { secret?: string; ttlSeconds: number };
  shutdownGraceMs: number;
  /**
   * How much V8 may grow its heap limit after each full collection, in percent (0: V8's own factor, up to 4x).
   * Set once at start (`main.ts`): a bursty API otherwise keeps hundreds of MB of heap it used for a moment.
   */
  heapGrowthPercent: number;
  /** How long one insurer may take to quote, and the bound of the whole fan-out (well inside the spec's 2-minute client timeout). */
  motorInsurerTimeoutMs: number;
  motorQuoteDeadlineMs: number;
  /** The card payment vendor (the sandbox vendor by default): base URL, API key, and the HMAC secret of its callbacks. */
  paymentVendor: { url: string; apiKey: string; webhookSecret: string };
  /** A vendor callback older or newer than this (its signed timestamp against our clock) is refused as a replay. */
  paymentCallbackToleranceSeconds: number;
  /** How often policy documents still to produce are looked for (0: only at boot and after activation). */
  policyDocumentsPollMs: number;
  /** How often started but unsettled payments are checked with the vendor (0: never). */
  paymentReconcileMs: number;
  /** How often due events (a payment link lapsing, a policy reaching its end) are looked for (0: only when a test clock advances). */
  dueEventsPollMs: number;
  /**
   * The most real-time due events one instance fires a second when a backlog builds (a day of expiries): the worker
   * paces itself so the partner API keeps its speed. Test clocks' events are not paced (the advance waits for them).
   */
  dueEventsMaxPerSecond: number;
  /**
   * How many days before a policy's end its `policy.renewal_due` event fires, by family (`RENEWAL_DUE_DAYS_<FAMILY>`,
   * else `RENEWAL_DUE_DAYS`, 30); 0: none for that family. Read when the policy is activated.
   */
  renewalDueDays: Record<(typeof RENEWAL_FAMILIES)[number], number>;
  /** How often refunds owed are paid out (0: only right after a cancellation). */
  refundPollMs: number;
  /** The provider codes a property policy may be issued with (the spec allows one); prices still come from every insurer. */
  propertyIssuanceProviders: string[];
  /**
   * Each seller's (insurer's, by its code) VAT registration number, printed on its simplified tax invoices and in their
   * QR code (TAX_SELLER_VAT_NUMBERS, over the sandbox insurers' numbers in sandbox mode). A payment whose seller has
   * none is not applied (the vendor and the reconciler retry it) until it is configured.
   */
  taxSellerVatNumbers: Readonly<Record<string, string>>;
  /** How long one property insurer (or the address registry) may take. */
  propertyInsurerTimeoutMs: number;
  webhooks: {
    /** Key that seals endpoint secrets at rest; generated once under DATA_DIR in sandbox. */
    secretKey?: string;
    /** Whether this instance runs a delivery worker (every instance may; they never deliver one attempt twice). */
    worker: boolean;
    pollIntervalMs: number;
    timeoutMs: number;
    maxAttempts: number;
    /** First retry delay; each later one is four times longer (capped at six hours), with ±20 % jitter. */
    retryBaseMs: number;
    batchSize: number;
    /** Endpoints on this machine's loopback may be registered and called (local receivers; never in production). */
    allowLoopback: boolean;
  };
  /**
   * The partner request log (the portal's Requests): written off the request path, in batches of at most `batchSize`
   * rows every `flushMs`; at most `bufferMax` rows wait in memory (more are dropped and counted). Day partitions older
   * than `retentionDays` are dropped by a sweep every `sweepMs` (0: only at boot).
   */
  requestLog: { enabled: boolean; bodies: boolean; retentionDays: number; flushMs: number; batchSize: number; bufferMax: number; sweepMs: number };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment once; throws a ConfigError naming every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (Boolean(e.SMTP_URL) !== Boolean(e.MAIL_FROM)) problems.push('SMTP_URL / MAIL_FROM: set both or neither');
  if (e.APP_ENV === 'production' && !e.JWT_SECRET) problems.push('JWT_SECRET: required when APP_ENV=production');
  if (e.APP_ENV === 'production' && !e.WEBHOOK_SECRET_KEY) problems.push('WEBHOOK_SECRET_KEY: required when APP_ENV=production');
  if (e.APP_ENV === 'production' && !e.DATABASE_URL) problems.push('DATABASE_URL: required when APP_ENV=production');
  if (e.APP_ENV === 'production') {
    for (const key of ['PAYMENT_VENDOR_URL', 'PAYMENT_VENDOR_API_KEY', 'PAYMENT_VENDOR_WEBHOOK_SECRET'] as const) {
      if (!e[key]) problems.push(`${key}: required when APP_ENV=production`);
    }
  }
  if (e.APP_ENV === 'production' && e.WEBHOOK_ALLOW_LOOPBACK) problems.push('WEBHOOK_ALLOW_LOOPBACK: not allowed when APP_ENV=production');
  if (Boolean(e.SANDBOX_CLIENT_ID) !== Boolean(e.SANDBOX_CLIENT_SECRET)) {
    problems.push('SANDBOX_CLIENT_ID / SANDBOX_CLIENT_SECRET: set both or neither');
  }
  if (e.APP_ENV === 'production' && Object.keys(e.TAX_SELLER_VAT_NUMBERS).length === 0) {
    problems.push('TAX_SELLER_VAT_NUMBERS: required when APP_ENV=production (insurer_code=VAT number, comma separated)');
  }
  if (problems.length) throw new ConfigError(problems);

  return {
    env: e.APP_ENV,
    host: e.HOST,
    port: e.PORT,
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    jwtSecret: e.JWT_SECRET,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    sandboxClient: e.SANDBOX_CLIENT_ID && e.SANDBOX_CLIENT_SECRET ? { id: e.SANDBOX_CLIENT_ID, secret: e.SANDBOX_CLIENT_SECRET } : undefined,
    sandboxPort: e.SANDBOX_PORT,
    sandboxUrl: (e.SANDBOX_URL ?? `http://127.0.0.1:${e.SANDBOX_PORT}`).replace(/\/$/, ''),
    startSandbox: e.SANDBOX_START ?? (e.APP_ENV === 'sandbox' && !e.SANDBOX_URL),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (process.stdout.isTTY && e.APP_ENV !== 'production' ? 'pretty' : 'json'),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    rateLimitDefaultPerMinute: e.RATE_LIMIT_DEFAULT_PER_MINUTE,
    oauthFailedAttemptsPerAddress: e.OAUTH_FAILED_ATTEMPTS_PER_ADDRESS,
    idempotencyTtlHours: e.IDEMPOTENCY_TTL_HOURS,
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    mail: e.SMTP_URL && e.MAIL_FROM ? { url: e.SMTP_URL, from: e.MAIL_FROM } : undefined,
    fileUrls: { secret: e.FILE_URL_SECRET, ttlSeconds: e.FILE_URL_TTL_SECONDS },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    heapGrowthPercent: e.HEAP_GROWTH_PERCENT,
    motorInsurerTimeoutMs: e.MOTOR_INSURER_TIMEOUT_MS,
    motorQuoteDeadlineMs: e.MOTOR_QUOTE_DEADLINE_MS,
    paymentVendor: {
      url: (e.PAYMENT_VENDOR_URL ?? e.SANDBOX_URL ?? `http://127.0.0.1:${e.SANDBOX_PORT}`).replace(/\/$/, ''),
      apiKey: e.PAYMENT_VENDOR_API_KEY ?? SANDBOX_VENDOR_API_KEY,
      webhookSecret: e.PAYMENT_VENDOR_WEBHOOK_SECRET ?? SANDBOX_VENDOR_WEBHOOK_SECRET,
    },
    paymentCallbackToleranceSeconds: e.PAYMENT_CALLBACK_TOLERANCE_SECONDS,
    policyDocumentsPollMs: e.POLICY_DOCUMENTS_POLL_MS,
    paymentReconcileMs: e.PAYMENT_RECONCILE_MS,
    refundPollMs: e.REFUND_POLL_MS,
    dueEventsPollMs: e.DUE_EVENTS_POLL_MS,
    dueEventsMaxPerSecond: e.DUE_EVENTS_MAX_PER_SECOND,
    renewalDueDays: {
      motor: e.RENEWAL_DUE_DAYS_MOTOR ?? e.RENEWAL_DUE_DAYS,
      tpl: e.RENEWAL_DUE_DAYS_TPL ?? e.RENEWAL_DUE_DAYS,
      property: e.RENEWAL_DUE_DAYS_PROPERTY ?? e.RENEWAL_DUE_DAYS,
      travel: e.RENEWAL_DUE_DAYS_TRAVEL ?? e.RENEWAL_DUE_DAYS,
      horse: e.RENEWAL_DUE_DAYS_HORSE ?? e.RENEWAL_DUE_DAYS,
      life: e.RENEWAL_DUE_DAYS_LIFE ?? e.RENEWAL_DUE_DAYS,
      medical: e.RENEWAL_DUE_DAYS_MEDICAL ?? e.RENEWAL_DUE_DAYS,
    },
    propertyIssuanceProviders: e.PROPERTY_ISSUANCE_PROVIDERS,
    propertyInsurerTimeoutMs: e.PROPERTY_INSURER_TIMEOUT_MS,
    taxSellerVatNumbers: e.APP_ENV === 'sandbox' ? { ...SANDBOX_SELLER_VAT_NUMBERS, ...e.TAX_SELLER_VAT_NUMBERS } : e.TAX_SELLER_VAT_NUMBERS,
    webhooks: {
      secretKey: e.WEBHOOK_SECRET_KEY,
      worker: e.WEBHOOK_WORKER,
      pollIntervalMs: e.WEBHOOK_POLL_INTERVAL_MS,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      maxAttempts: e.WEBHOOK_MAX_ATTEMPTS,
      retryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
      batchSize: e.WEBHOOK_BATCH_SIZE,
      allowLoopback: e.WEBHOOK_ALLOW_LOOPBACK,
    },
    requestLog: {
      enabled: e.REQUEST_LOG,
      bodies: e.REQUEST_LOG_BODIES,
      retentionDays: e.REQUEST_LOG_RETENTION_DAYS,
      flushMs: e.REQUEST_LOG_FLUSH_MS,
      batchSize: e.REQUEST_LOG_BATCH_SIZE,
      bufferMax: e.REQUEST_LOG_BUFFER_MAX,
      sweepMs: e.REQUEST_LOG_SWEEP_MS,
    },
  };
}

/** Injection token for the validated configuration. */
export const APP_CONFIG = Symbol('APP_CONFIG');
