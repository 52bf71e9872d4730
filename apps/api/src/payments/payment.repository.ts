import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Prisma } from '@lib/db';

export interface PendingPayment {
  clientId: string;
  policyType: 'motor' | 'property';
  policyId: number;
  amount: string;
  expiresAt: Date;
  at: Date;
}

/** Payments behind payment links. Written inside the caller's transaction so a policy never lacks one. */
@Injectable()
export class PaymentRepository {
  createPending(tx: Prisma.TransactionClient, p: PendingPayment) {
    return tx.payment.create({
      data: {
        id: randomUUID(),
        clientId: p.clientId,
        policyType: p.policyType,
        policyId: p.policyId,
        amount: p.amount,
        currency: 'SAR',
        status: 'pending',
        linkToken: randomBytes(24).toString('base64url'),
        expiresAt: p.expiresAt,
        createdAt: p.at,
        updatedAt: p.at,
      },
    });
  }
}

/** The hosted, unbranded payment page of a payment. */
export function paymentLink(publicBaseUrl: string, linkToken: string): string {
  return `${publicBaseUrl}/pay/${linkToken}`;
}
