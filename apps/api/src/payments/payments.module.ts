import { Module, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { HttpPaymentVendor } from '@lib/providers';
import { AdminModule } from '../platform/admin/admin.module';
import { ActivatePaymentUseCase } from './activate-payment.use-case';
import { AdminPaymentsController } from './admin/admin-payments.controller';
import { AdminRefundsController } from './admin/admin-refunds.controller';
import { RefundRepository } from './refunds/refund.repository';
import { RetryRefundUseCase } from './refunds/retry-refund.use-case';
import { ApplyVendorOutcomeUseCase } from './apply-vendor-outcome.use-case';
import { PayPageController } from './page/pay-page.controller';
import { PayPageService } from './page/pay-page.service';
import { PaymentReconciler } from './payment-reconciler';
import { PaymentLapse } from './payment-lapse';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { PaymentRepository } from './payment.repository';
import { PAYMENT_VENDOR } from './payment-vendor.token';
import { PaymentsController } from './payments.controller';
import { Refunds } from './refunds/refunds';
import { PolicyDocumentsWorker } from './policy-documents.worker';
import { captureRawBody } from './vendor-callback/raw-body';
import { VENDOR_CALLBACK_PATH, VendorCallbackController } from './vendor-callback/vendor-callback.controller';

/**
 * Payments: the hosted payment page, the card vendor (checkout, signed callbacks, verification),
 * activation of paid policies through the product activators, policy documents after activation,
 * the payment records (partner GET /payments, console), and links lapsing unpaid (a due event).
 */
@Module({
  imports: [AdminModule, WebhooksModule],
  controllers: [PaymentsController, PayPageController, VendorCallbackController, AdminPaymentsController, AdminRefundsController],
  providers: [
    {
      provide: PAYMENT_VENDOR,
      inject: [APP_CONFIG],
      useFactory: (c: AppConfig) => new HttpPaymentVendor({ baseUrl: c.paymentVendor.url, apiKey: c.paymentVendor.apiKey }),
    },
    PaymentRepository,
    PolicyDocumentsWorker,
    ActivatePaymentUseCase,
    ApplyVendorOutcomeUseCase,
    PayPageService,
    PaymentReconciler,
    PaymentLapse,
    Refunds,
    RefundRepository,
    RetryRefundUseCase,
  ],
  exports: [PaymentRepository, ActivatePaymentUseCase, Refunds, PayPageService, RefundRepository],
})
export class PaymentsModule implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    captureRawBody(this.adapterHost.httpAdapter.getInstance(), VENDOR_CALLBACK_PATH);
  }
}
