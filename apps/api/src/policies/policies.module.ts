import { Global, Module } from '@nestjs/common';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { PolicyEvents } from './events/policy-events';
import { PolicyProducts } from './policy-products';
import { PolicySubjectRepository } from './policy-subject.repository';

/** The policy lifecycle core's registry, which every family module registers its product with, and the policy webhook events every family sends. */
@Global()
@Module({ imports: [WebhooksModule], providers: [PolicyProducts, PolicySubjectRepository, PolicyEvents], exports: [PolicyProducts, PolicyEvents] })
export class PoliciesModule {}
