import { dateTimeOut, shape, z } from '@lib/common';

/** How each motor insurer answered the quote requests of the last days. */
export const adminProviderHealthShape = shape(
  'AdminProviderHealth',
  z
    .object({
      days: z.number().int().min(1).max(90),
      from: dateTimeOut.meta({ description: 'Start of the first UTC day counted.' }),
      to: dateTimeOut.meta({ description: 'End of today (UTC), exclusive.' }),
      insurers: z.array(
        z.object({
          insurer_code: z.string(),
          name: z.string(),
          name_ar: z.string(),
          requests: z.number().int(),
          ok: z.number().int(),
          declined: z.number().int(),
          timeout: z.number().int(),
          error: z.number().int(),
          answer_rate: z
            .string()
            .nullable()
            .meta({ pattern: '^\\d\\.\\d{4}$', description: '(ok + declined) / requests, four decimals; null without requests.', example: '0.9500' }),
          latency_p50_ms: z.number().int().nullable(),
          latency_p95_ms: z.number().int().nullable(),
        }),
      ),
    })
    .meta({
      example: {
        days: 7,
        from: '2026-11-16T00:00:00.000000Z',
        to: '2026-11-23T00:00:00.000000Z',
        insurers: [
          {
            insurer_code: 'tawuniya',
            name: 'Tawuniya',
            name_ar: 'التعاونية',
            requests: 40,
            ok: 36,
            declined: 2,
            timeout: 1,
            error: 1,
            answer_rate: '0.9500',
            latency_p50_ms: 820,
            latency_p95_ms: 2400,
          },
        ],
      },
    }),
);
export type AdminProviderHealthOut = z.output<typeof adminProviderHealthShape>;
