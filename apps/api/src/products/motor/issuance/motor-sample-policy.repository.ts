import { Injectable } from '@nestjs/common';
import type { Prisma } from '@lib/db';
import type { SamplePolicySource } from '../../../policies/policy-product';
import { presentMotorPolicy } from './motor-policy.presenter';

/** A webhook test event carries the client's latest motor policy exactly as Show Policy returns it, like the real service's test call. */
@Injectable()
export class MotorSamplePolicyRepository implements SamplePolicySource {
  async latestFor(tx: Prisma.TransactionClient, clientId: string, publicBaseUrl: string) {
    const policy = await tx.motorPolicy.findFirst({ where: { clientId }, orderBy: { id: 'desc' } });
    if (!policy) return null;
    const payment = await tx.payment.findFirst({ where: { policyType: 'motor', policyId: policy.id, status: 'pending' }, orderBy: { createdAt: 'desc' } });
    return presentMotorPolicy(policy, payment, publicBaseUrl, true);
  }
}
