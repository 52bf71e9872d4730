import { Injectable } from '@nestjs/common';
import { Prisma } from '@lib/db';
import { PROPERTY_PAYMENT_TYPE } from '../policies/property-policy.repository';

/**
 * What a property cancellation does to the policy's payments, in the cancellation's transaction:
 * a paid payment is marked refunded (the refund amount itself is recorded on the policy), a payment still
 * pending is cancelled so its link can no longer be paid. The payments module owns the statuses
 * `pending` and `paid`; `refunded` and `cancelled` are set only here.
 */
@Injectable()
export class PropertyPaymentsLedger {
  async markRefunded(tx: Prisma.TransactionClient, policyId: number, at: Date): Promise<number> {
    const { count } = await tx.payment.updateMany({ where: { policyType: PROPERTY_PAYMENT_TYPE, policyId, status: 'paid' }, data: { status: 'refunded', updatedAt: at } });
    return count;
  }

  async cancelPending(tx: Prisma.TransactionClient, policyId: number, at: Date): Promise<number> {
    const { count } = await tx.payment.updateMany({ where: { policyType: PROPERTY_PAYMENT_TYPE, policyId, status: 'pending' }, data: { status: 'cancelled', updatedAt: at } });
    return count;
  }
}
