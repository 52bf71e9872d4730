import { amountOut, dateOut, dateTimeOut, intIdOut, paginated, shape, z } from '@lib/common';
import { PolicyStatus } from '../../policies/policy-status';
import { TPL_POLICY_EXAMPLE } from './tpl-openapi';

/** Every status a TPL policy takes (0 pending, 1 issued, 2 cancelled, 3 on hold, 4 expired): its show answers and list filters. */
export const TPL_POLICY_STATUSES = [PolicyStatus.Pending, PolicyStatus.Active, PolicyStatus.Cancelled, PolicyStatus.OnHold, PolicyStatus.Expired] as const;

const urlOut = (description: string) => z.string().meta({ format: 'uri', description });

/** The TPL v2 policy object: issuance, list, show and cancellation answer it, and its webhooks carry it. */
export const tplPolicyShape = shape(
  'TplPolicy',
  z
    .object({
      id: intIdOut,
      status: z
        .literal(TPL_POLICY_STATUSES)
        .meta({ description: '0 pending issuance (awaiting payment), 1 issued, 2 canceled, 3 on hold, 4 expired (the cover ended).' }),
      meta_data: z.object({
        vin: z.string(),
        email: z.string().meta({ format: 'email' }),
        car_sequence_number: z.string().meta({ description: '8 or 9 digits, as sent.' }),
        current_car_owner: z.string(),
        new_owner_id: z.string(),
        istimarah: urlOut('The vehicle registration sent at issuance.').nullable(),
        extra_fields: z.record(z.string(), z.unknown()).nullable().meta({ description: 'The `extra_fields` object sent at issuance, or null.' }),
        incorrect_info_message: z.string().nullable().optional().meta({ description: 'Only on hold (status 3): what to correct.' }),
      }),
      product_id: z.number().int(),
      insurance_company_id: z.string().meta({ description: 'The TPL insurer.', example: 'dune' }),
      provider_policy_id: z.string().nullable().meta({ description: "The insurer's policy number once issued." }),
      price: amountOut.meta({ description: 'The flat premium, in every state (the cancellation refund is computed from it).' }),
      payment_link: urlOut('The hosted payment page while the policy is pending.').nullable(),
      start_date: dateOut.nullable(),
      end_date: dateOut.nullable(),
      refund_amount: amountOut.nullable().meta({ description: 'Once canceled: the unused share of `price`.' }),
      uploaded_at: dateTimeOut,
      purchased_at: dateTimeOut.nullable(),
      policy_url: urlOut('The certificate once stored.').nullable(),
      invoice_url: urlOut('The tax invoice once stored.').nullable(),
      redirect_url: z
        .string()
        .nullable()
        .meta({ description: 'Where the payment page sends the customer once paid, with the policy id in place of `policyID`.' }),
      transfer_date_at: dateTimeOut.nullable(),
      cancellation_request_at: dateTimeOut.nullable(),
      cancellation_confirmed_at: dateTimeOut.nullable(),
      canceled_at: dateTimeOut.nullable(),
      created_at: dateTimeOut,
      updated_at: dateTimeOut,
    })
    .meta({ example: TPL_POLICY_EXAMPLE }),
);
export type TplPolicyOut = z.output<typeof tplPolicyShape>;

export const tplPolicyPageShape = paginated('TplPolicyPage', tplPolicyShape);
