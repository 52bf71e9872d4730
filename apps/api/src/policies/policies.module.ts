import { Global, Module } from '@nestjs/common';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { PolicyEvents } from './events/policy-events';
import { PolicyExpiry } from './policy-expiry';
import { PolicyProducts } from './policy-products';
import { PolicySubjectRepository } from './policy-subject.repository';

/** The policy lifecycle core's registry, which every family module registers its product with, the policy webhook events every family sends, and the policies' expiry. */
@Global()
@Module({
  imports: [WebhooksModule],
  providers: [PolicyProducts, PolicySubjectRepository, PolicyEvents, PolicyExpiry],
  exports: [PolicyProducts, PolicyEvents, PolicyExpiry],
})
export class PoliciesModule {}
