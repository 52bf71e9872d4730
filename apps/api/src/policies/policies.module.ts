import { Global, Module } from '@nestjs/common';
import { PolicyActivators, PolicyTermEnds } from '../payments/policy-activators';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { PolicyEvents } from './events/policy-events';
import { PolicyExpiry } from './policy-expiry';
import { PolicyProducts } from './policy-products';
import { PolicySubjectRepository } from './policy-subject.repository';

/**
 * The policy lifecycle core's registry, which every family module registers its product with, the policy webhook
 * events every family sends, and the policies' expiry. The registry is also the payments module's PolicyActivators
 * port: payments reaches the families without importing the core.
 */
@Global()
@Module({
  imports: [WebhooksModule],
  providers: [
    PolicyProducts,
    PolicySubjectRepository,
    PolicyEvents,
    PolicyExpiry,
    { provide: PolicyActivators, useExisting: PolicyProducts },
    { provide: PolicyTermEnds, useExisting: PolicyExpiry },
  ],
  exports: [PolicyProducts, PolicyEvents, PolicyExpiry, PolicyActivators, PolicyTermEnds],
})
export class PoliciesModule {}
