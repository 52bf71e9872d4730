import { formatDateTime } from '@lib/common';
import { Prisma } from '@lib/db';
import { presentMotorPolicy } from '../../motor/issuance/motor-policy.presenter';

/**
 * The policy a test event carries. Like the real service's "test call", a real policy of the client when it
 * has one (its latest motor policy, exactly as Show Policy returns it); otherwise a clearly fictional one (id 0).
 */
export async function samplePolicyFor(tx: Prisma.TransactionClient, clientId: string, publicBaseUrl: string, now: Date) {
  const policy = await tx.motorPolicy.findFirst({ where: { clientId }, orderBy: { id: 'desc' } });
  if (policy) {
    const payment = await tx.payment.findFirst({ where: { policyType: 'motor', policyId: policy.id, status: 'pending' }, orderBy: { createdAt: 'desc' } });
    return presentMotorPolicy(policy, payment, publicBaseUrl, true);
  }
  return {
    id: 0,
    meta_data: { extra_data: { test: true }, new_owner_id: '1000000000', previous_owner_id: '1000000000', quote_price_id: '00000000-0000-4000-8000-000000000000', quote_request_id: 0, car_sequence_number: 100000000 },
    product_id: 2,
    provider_policy_id: null,
    provider_policy: null,
    created_at: formatDateTime(now),
    status: 0,
    payment_link: `${publicBaseUrl}/pay/test`,
    price: 1000,
  };
}
