import { Global, Module } from '@nestjs/common';
import { PolicyActivators } from '../payments/policy-activators';
import { PolicyProducts } from './policy-products';
import { PolicySubjectRepository } from './policy-subject.repository';

/**
 * The policy lifecycle core's registry, which every family module registers its product with. It is also the
 * payments module's PolicyActivators port: payments reaches the families without importing the core.
 */
@Global()
@Module({
  providers: [PolicyProducts, PolicySubjectRepository, { provide: PolicyActivators, useExisting: PolicyProducts }],
  exports: [PolicyProducts, PolicyActivators],
})
export class PoliciesModule {}
