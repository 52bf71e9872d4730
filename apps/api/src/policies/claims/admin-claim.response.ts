import { amountOut, amountTextOut, dateOut, dateTimeOut, intIdOut, shape, uuidOut, z } from '@lib/common';
import { CLAIM_FAMILIES, CLAIM_STATUS_CODES, CLAIM_STATUSES } from './claim-status';

const claimStatus = z.enum(CLAIM_STATUSES);

const HISTORY_EXAMPLE = [
  { from: null, to: 'submitted', note: 'Opened in the console on behalf of the customer.', actor: 'ops@example.com', at: '2027-01-15T08:12:00.000000Z' },
  { from: 'submitted', to: 'under_review', note: null, actor: 'claims@example.com', at: '2027-01-15T09:00:00.000000Z' },
];
const RECORD_EXAMPLE = {
  id: 31,
  claim_id: 31,
  policy_id: 655,
  claim_type: 'water_damage',
  incident_date: '2027-01-14',
  description: 'A burst pipe flooded the kitchen.',
  requested_amount: '4200.00',
  approved_amount: null,
  paid_amount: null,
  status: 'under_review',
  claim_status: 1,
  documents: [{ url: 'https://api.example.com/admin/api/files/2f9d0c1e-4b7a-4e3c-9a51-6d8e7f0a1b2c.jpg', content_type: 'image/jpeg', size: 48213 }],
  status_history: HISTORY_EXAMPLE,
  created_at: '2027-01-15T08:12:00.000000Z',
  updated_at: '2027-01-15T09:00:00.000000Z',
  product_family: 'property',
  client_id: '9b2c4d6e-8f0a-4b1c-9d2e-3f4a5b6c7d8e',
  assignee_staff_id: '6a1f0c3e-2b7d-4e59-8c10-3d2e4f5a6b7c',
  created_by: 'ops@example.com',
  next_statuses: ['approved', 'rejected'],
  decision_due_at: '2027-02-14T08:12:00.000000Z',
  overdue_at: null,
  age_days: 3,
  overdue: false,
};

const recordFields = {
  id: intIdOut,
  claim_id: intIdOut.meta({ description: 'The same as `id`.' }),
  policy_id: intIdOut,
  claim_type: z.string(),
  incident_date: dateOut,
  description: z.string(),
  requested_amount: amountTextOut,
  approved_amount: amountOut.nullable(),
  paid_amount: amountOut.nullable(),
  status: claimStatus,
  claim_status: z.literal(Object.values(CLAIM_STATUS_CODES)).meta({ description: '0 submitted, 1 under review, 2 approved, 3 rejected, 4 paid.' }),
  documents: z.array(
    z.object({
      url: z.string().meta({ description: 'Through the console: `/admin/api/files/<name>`.' }),
      content_type: z.string(),
      size: z.number().int().min(0),
    }),
  ),
  status_history: z
    .array(
      z.object({
        from: claimStatus.nullable().meta({ description: 'Null for the submission.' }),
        to: claimStatus,
        note: z.string().nullable(),
        actor: z.string().meta({ description: 'Who moved it: a staff email, or the partner for what the API opened.' }),
        at: dateTimeOut,
      }),
    )
    .meta({ description: 'Oldest first, with the notes and who moved it.' }),
  created_at: dateTimeOut,
  updated_at: dateTimeOut,
  product_family: z.enum(CLAIM_FAMILIES),
  client_id: uuidOut,
  assignee_staff_id: uuidOut.nullable(),
  created_by: z.string(),
  next_statuses: z.array(claimStatus).meta({ description: 'Where a handler may move it next (the console offers exactly these).' }),
  decision_due_at: dateTimeOut.meta({ description: 'The decision deadline: created_at plus the decision days.' }),
  overdue_at: dateTimeOut.nullable().meta({ description: 'When its due event flagged it overdue (once), or null.' }),
  age_days: z.number().int().min(0).meta({ description: "Whole days since submission, on the API's clock." }),
  overdue: z.boolean().meta({ description: 'Still undecided past its decision deadline (or flagged overdue).' }),
};

/** A claim as a console action answers it (open, assign, move): everything, including the notes and who moved it. */
export const adminClaimRecordShape = shape('AdminClaimRecord', z.object(recordFields).meta({ example: RECORD_EXAMPLE }));
export type AdminClaimRecordOut = z.output<typeof adminClaimRecordShape>;

const SUBJECT_EXAMPLE = {
  policy_id: 655,
  policy_number: 'PRP-2027-000655',
  policy_status: 'active',
  cover_from: '2027-01-01',
  cover_to: '2027-12-31',
  holder_name: 'S*** A***',
  holder_id: '10******67',
};
const subjectFields = {
  policy_id: intIdOut,
  policy_number: z.string().nullable().meta({ description: "The insurer's policy number, once issued." }),
  policy_status: z.string().meta({ description: 'pending, active, cancelled, on_hold or expired.', example: 'active' }),
  cover_from: dateOut.nullable().meta({ description: 'Null before the policy is paid.' }),
  cover_to: dateOut.nullable(),
  holder_name: z.string().nullable().meta({ description: 'Masked without read_pii on claims; null where the family records no name.' }),
  holder_id: z.string().nullable().meta({ description: 'National id / iqama / owner or company number; masked without read_pii on claims.' }),
};

/** The policy and customer beside a claim (inline where it is used: a nullable reference is not OpenAPI 3.0). */
const adminClaimSubject = z.object(subjectFields);
export type AdminClaimSubjectOut = z.output<typeof adminClaimSubject>;

/** A claim in the console's inbox and on its page: the record with its assignee's name and its policy and customer. */
export const adminClaimShape = shape(
  'AdminClaim',
  z
    .object({
      ...recordFields,
      assignee_name: z.string().nullable(),
      customer_name: z.string().nullable().meta({ description: "The policy holder's name (masked without read_pii)." }),
      policy: adminClaimSubject.nullable().meta({ description: 'Null if the policy cannot be found.' }),
    })
    .meta({ example: { ...RECORD_EXAMPLE, assignee_name: 'Claims Handler', customer_name: SUBJECT_EXAMPLE.holder_name, policy: SUBJECT_EXAMPLE } }),
);
export type AdminClaimOut = z.output<typeof adminClaimShape>;

/** A policy found to file a claim on, with its client. */
export const adminClaimPolicyShape = shape(
  'AdminClaimPolicy',
  z.object({ ...subjectFields, client_id: uuidOut }).meta({ example: { ...SUBJECT_EXAMPLE, client_id: RECORD_EXAMPLE.client_id } }),
);
export type AdminClaimPolicyOut = z.output<typeof adminClaimPolicyShape>;

/** A staff member a claim may be assigned to. */
export const adminClaimHandlerShape = shape(
  'AdminClaimHandler',
  z
    .object({ id: uuidOut, name: z.string(), email: z.string(), role: z.string().meta({ example: 'claims_handler' }) })
    .meta({ example: { id: RECORD_EXAMPLE.assignee_staff_id, name: 'Claims Handler', email: 'claims@example.com', role: 'claims_handler' } }),
);

/** The families whose policies take claims and the claim types each accepts. */
export const adminClaimTypesShape = shape(
  'AdminClaimTypes',
  z
    .object({ families: z.array(z.object({ family: z.enum(CLAIM_FAMILIES), claim_types: z.array(z.string()) })) })
    .meta({ example: { families: [{ family: 'life', claim_types: ['death', 'critical_illness', 'disability'] }] } }),
);
export type AdminClaimTypesOut = z.output<typeof adminClaimTypesShape>;

/** Lists that are one JSON array of a shape (not react-admin lists: no range, no Content-Range). */
export const adminClaimHandlerListShape = shape('AdminClaimHandlerList', z.array(adminClaimHandlerShape));
export const adminClaimPolicyListShape = shape('AdminClaimPolicyList', z.array(adminClaimPolicyShape));
export const adminClaimListShape = shape('AdminClaimList', z.array(adminClaimShape));
