import { amountTextOut, dateOut, dateTimeOut, shape, z } from '@lib/common';
import { DASHBOARD_COUNTERS, DASHBOARD_SERIES } from './dashboard-metrics';

const point = z.object({
  date: dateOut,
  value: z.union([z.number(), z.string()]).meta({ description: 'A count, or SAR as a decimal string for `premium_volume`.' }),
});

/** The operations dashboard: counters, premium volume, policies by status, daily series and the role's work lists. */
export const adminDashboardShape = shape(
  'AdminDashboard',
  z
    .object({
      generated_at: dateTimeOut,
      days: z.number().int().min(7).max(90),
      counters: z.object(Object.fromEntries(DASHBOARD_COUNTERS.map((k) => [k, z.number().int()])) as Record<(typeof DASHBOARD_COUNTERS)[number], z.ZodNumber>),
      premium_volume: amountTextOut,
      policies_by_status: z
        .record(z.string(), z.number().int())
        .meta({ description: 'Status name -> policies, every family together.', example: { active: 12, pending: 3 } }),
      series: z
        .object(Object.fromEntries(DASHBOARD_SERIES.map((k) => [k, z.array(point)])) as Record<(typeof DASHBOARD_SERIES)[number], z.ZodArray<typeof point>>)
        .meta({ description: 'One point a day over the window, oldest first.' }),
      sources: z.array(z.string()).meta({ description: 'The metric providers that contributed.', example: ['clients', 'payments', 'motor'] }),
      worklists: z
        .record(z.string(), z.record(z.string(), z.union([z.number(), z.string()])))
        .meta({ description: "The caller's role's work lists, by source (counts as numbers, SAR as decimal strings); `{}` for a role with none." }),
    })
    .meta({
      example: {
        generated_at: '2026-11-22T10:15:30.123Z',
        days: 7,
        counters: Object.fromEntries(DASHBOARD_COUNTERS.map((k) => [k, 2])),
        premium_volume: '15230.50',
        policies_by_status: { active: 12, pending: 3 },
        series: Object.fromEntries(DASHBOARD_SERIES.map((k) => [k, [{ date: '2026-11-22', value: k === 'premium_volume' ? '1158.30' : 1 }]])),
        sources: ['clients', 'payments', 'motor'],
        worklists: {
          medical: { companies_missing_declarations: 1, employees_missing_declarations: 4, companies_with_amount_due: 1, amount_due: '2300.00' },
          operations: { refunds_needing_action: 2, renewals_not_taken: 5, scheduled_events_failed: 0 },
        },
      },
    }),
);
export type AdminDashboardOut = z.output<typeof adminDashboardShape>;
