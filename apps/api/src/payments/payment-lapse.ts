import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import type { Prisma } from '@lib/db';
import type { ClaimedDueEvent } from '../platform/due-events/due-event.repository';
import { DueEventHandler, DueEvents } from '../platform/due-events/due-events';
import { WebhookOutbox } from '../webhooks/webhook-outbox';
import { presentPayment } from './payment.presenter';
import { PAYMENT_LAPSE, PaymentRepository } from './payment.repository';

/**
 * A payment link lapses unpaid: at its `expires_at` the payment becomes `expired` and the partner gets
 * `payment.expired` with the payment record. Meanwhile every read answers it as expired without writing it (paymentAt),
 * and the hosted payment page may have written it already for the customer who opened it (so an answer never shows a
 * lapsed link as open while the event waits for its turn); it is announced here all the same, once.
 * A payment paid, cancelled or refunded by then is left alone and announced by nobody. Money the vendor confirms
 * later for a lapsed link is applied or refunded as ActivatePaymentUseCase says; the event changes nothing there.
 */
@Injectable()
export class PaymentLapse implements DueEventHandler, OnModuleInit {
  readonly kind = PAYMENT_LAPSE;

  constructor(
    private readonly payments: PaymentRepository,
    private readonly events: DueEvents,
    private readonly outbox: WebhookOutbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.events.register(this);
  }

  async fire(tx: Prisma.TransactionClient, event: ClaimedDueEvent, now: Date): Promise<void> {
    let payment = await this.payments.lock(tx, event.subject);
    if (!payment) return;
    if ((payment.status === 'pending' || payment.status === 'failed') && payment.expiresAt.getTime() <= now.getTime())
      payment = await this.payments.update(tx, payment.id, { status: 'expired', updatedAt: now });
    if (payment.status !== 'expired') return;
    await this.outbox.enqueue(tx, {
      clientId: payment.clientId,
      family: payment.policyType,
      type: 'payment.expired',
      payment: presentPayment(payment, this.config.publicBaseUrl),
    });
  }
}
