import { Global, Module } from '@nestjs/common';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { PolicyExpiry } from './policy-expiry';
import { PolicyProducts } from './policy-products';
import { PolicySubjectRepository } from './policy-subject.repository';

/** The policy lifecycle core's registry, which every family module registers its product with, and the policies' expiry. */
@Global()
@Module({ imports: [WebhooksModule], providers: [PolicyProducts, PolicySubjectRepository, PolicyExpiry], exports: [PolicyProducts, PolicyExpiry] })
export class PoliciesModule {}
