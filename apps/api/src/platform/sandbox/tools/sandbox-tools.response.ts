import { dateTimeOut, shape, uuidOut, z } from '@lib/common';

/** How a simulated insurer can misbehave (the sandbox service's fault modes). */
export const SANDBOX_FAULTS = ['none', 'timeout', 'error', 'malformed', 'decline'] as const;

const INSURERS_EXAMPLE = {
  shared: { dune: { latency_ms: 900, fault: 'none' as const } },
  mine: { dune: { fault: 'timeout' as const }, 'palm:motor': { latency_ms: 2500 } },
};

/** What a client set for its own requests, keyed `code` (every family) or `code:family`: only what was set appears. */
const mineShape = z
  .record(z.string(), z.object({ latency_ms: z.number().int().optional(), fault: z.enum(SANDBOX_FAULTS).optional() }))
  .meta({ description: 'Keyed `code` (every family) or `code:family`; only what you set appears.' });

/** Every insurer's behaviour as everyone sees it, and what the calling client set for its own requests. */
export const sandboxInsurersShape = shape(
  'SandboxInsurers',
  z
    .object({
      shared: z
        .record(z.string(), z.object({ latency_ms: z.number().int(), fault: z.enum(SANDBOX_FAULTS) }))
        .meta({ description: 'By insurer code: its latency and fault for everyone.' }),
      mine: mineShape,
    })
    .meta({ example: INSURERS_EXAMPLE }),
);
export type SandboxInsurersOut = z.output<typeof sandboxInsurersShape>;

/** What the calling client has set for its own requests, after a change. */
export const sandboxInsurerScopeShape = shape('SandboxInsurerScope', z.object({ mine: mineShape }).meta({ example: { mine: INSURERS_EXAMPLE.mine } }));
export type SandboxInsurerScopeOut = z.output<typeof sandboxInsurerScopeShape>;

export const TEST_CLOCK_EXAMPLE = {
  id: '3f0e9b1c-8d2a-4c5b-9e7f-1a2b3c4d5e6f',
  name: 'claims after cover start',
  frozen_time: '2026-11-24T09:00:00.000000Z',
  attached: { quote_requests: 0, offers: 0, policies: 1, companies: 0, payments: 1 },
  created_at: '2026-11-24T09:00:00.000000Z',
  updated_at: '2026-11-24T09:00:00.000000Z',
};

/** A test clock with how many resources of each kind it holds. */
export const testClockShape = shape(
  'TestClock',
  z
    .object({
      id: uuidOut,
      name: z.string().nullable(),
      frozen_time: dateTimeOut.meta({ description: 'The time every attached resource reads.' }),
      attached: z.object({
        quote_requests: z.number().int(),
        offers: z.number().int(),
        policies: z.number().int(),
        companies: z.number().int(),
        payments: z.number().int(),
      }),
      created_at: dateTimeOut,
      updated_at: dateTimeOut,
    })
    .meta({ example: TEST_CLOCK_EXAMPLE }),
);
export type TestClockOut = z.output<typeof testClockShape>;

export const testClockListShape = shape('TestClockList', z.array(testClockShape).meta({ description: 'Newest first.', example: [TEST_CLOCK_EXAMPLE] }));

export const REGISTRY_EXAMPLE = {
  commercial_registration_number: '7001234567',
  employees: [
    {
      name: 'Khalid Al-Otaibi',
      nationality_iso: 'SA',
      nationality_id: '1012345678',
      date_of_birth: '1410-03-15',
      gender: 'male' as const,
      mobile_number: '0512345678',
    },
  ],
};

/** A company as the sandbox company registry now answers it to the calling client's employees fetch. */
export const sandboxRegisteredCompanyShape = shape(
  'SandboxRegisteredCompany',
  z
    .object({
      commercial_registration_number: z.string().meta({ pattern: '^7\\d{9}$' }),
      employees: z.array(
        z.object({
          name: z.string(),
          nationality_iso: z.string().meta({ description: 'ISO 3166 alpha-2.' }),
          nationality_id: z.string().optional().meta({ description: 'A Saudi national id (with a Hijri `date_of_birth`).' }),
          iqama_id: z.string().optional().meta({ description: 'An iqama (with a Gregorian `date_of_birth`).' }),
          date_of_birth: z.string().meta({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD: Hijri for a national id, Gregorian for an iqama.' }),
          gender: z.enum(['male', 'female']),
          mobile_number: z.string(),
        }),
      ),
    })
    .meta({ example: REGISTRY_EXAMPLE }),
);
