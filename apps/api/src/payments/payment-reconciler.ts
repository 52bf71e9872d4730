import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { ApplyVendorOutcomeUseCase } from './apply-vendor-outcome.use-case';
import { PaymentRepository } from './payment.repository';
import { TestClocks } from '../platform/test-clocks/test-clocks';
import { PeriodicSweep } from '../platform/periodic-sweep';

/** Attempts younger than this are left to the customer's return and the vendor's callback. */
const QUIET_MS = 60_000;

/**
 * The safety net behind callbacks: a payment whose checkout was started but never settled here (the
 * vendor's callbacks all failed, the insurer was down when they came, the process restarted) is looked up
 * at the vendor every PAYMENT_RECONCILE_MS and settled like a callback would have. Activation is
 * idempotent and locked, so racing a late callback is harmless.
 */
@Injectable()
export class PaymentReconciler extends PeriodicSweep {
  private readonly log = new Logger('PaymentReconciler');

  constructor(
    private readonly payments: PaymentRepository,
    private readonly outcome: ApplyVendorOutcomeUseCase,
    private readonly clock: Clock,
    private readonly testClocks: TestClocks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  protected get intervalMs(): number {
    return this.config.paymentReconcileMs;
  }

  protected async run(): Promise<number> {
    const now = this.clock.now();
    const open = await this.payments.unsettledCheckouts(new Date(now.getTime() - QUIET_MS), now, 50);
    for (const p of open) {
      try {
        await this.testClocks.within({ type: 'payment', key: p.id }, () => this.outcome.execute(p.vendorReference!, p.id));
      } catch (err) {
        this.log.warn(`reconciling payment ${p.id} failed (tried again later): ${(err as Error).message}`);
      }
    }
    return open.length;
  }
}
