import { dateTimeOut, formatDateTime, formatNullableDateTime, shape, uuidOut, z } from '@lib/common';
import type { DueEvent } from '../due-event.repository';
import { DUE_EVENT_STATES, type DueEventState } from '../due-event.repository';

const EXAMPLE = {
  id: '3f6b8d0a-2c4e-4f6a-8b0c-2e4f6a8b0c2e',
  kind: 'policy.expiry',
  subject: 'travel:42',
  state: 'failed',
  attempts: 10,
  due_at: '2026-11-23T00:00:00.000000Z',
  lease_until: null,
  clock_id: null,
  fired_at: null,
  last_error: 'The insurer did not answer.',
  created_at: '2026-11-22T09:00:00.000000Z',
  updated_at: '2026-11-23T05:12:00.000000Z',
};

/** One due event as the console's *Scheduled events* page shows it. */
export const adminDueEventShape = shape(
  'AdminDueEvent',
  z
    .object({
      id: uuidOut,
      kind: z.string().meta({ description: 'What it does: `payment.lapse`, `policy.renewal_due`, `policy.expiry`, `claim.overdue`.' }),
      subject: z.string().meta({ description: 'What it is about: a payment or claim id, or `family:policyId`.' }),
      state: z.enum(DUE_EVENT_STATES).meta({ description: '`pending` until it fires; `failed` once every try failed.' }),
      attempts: z.number().int().meta({ description: 'Tries so far (10 at most before `failed`).' }),
      due_at: dateTimeOut,
      lease_until: dateTimeOut
        .nullable()
        .meta({ description: 'While pending: not tried before this (a worker holds it, or a failed try waits for its retry).' }),
      clock_id: uuidOut.nullable().meta({ description: 'The sandbox test clock it fires on; null: real time.' }),
      fired_at: dateTimeOut.nullable(),
      last_error: z.string().nullable().meta({ description: "The last failed try's error; kept after a rerun until the event fires." }),
      created_at: dateTimeOut,
      updated_at: dateTimeOut,
    })
    .meta({ example: EXAMPLE }),
);
export type AdminDueEventOut = z.output<typeof adminDueEventShape>;

export function presentDueEvent(e: DueEvent): AdminDueEventOut {
  return {
    id: e.id,
    kind: e.kind,
    subject: e.subject,
    state: e.state as DueEventState,
    attempts: e.attempts,
    due_at: formatDateTime(e.dueAt),
    lease_until: e.state === 'pending' ? formatNullableDateTime(e.leaseUntil) : null,
    clock_id: e.clockId,
    fired_at: formatNullableDateTime(e.firedAt),
    last_error: e.lastError,
    created_at: formatDateTime(e.createdAt),
    updated_at: formatDateTime(e.updatedAt),
  };
}
