import { Global, Module } from '@nestjs/common';
import { PolicyProducts } from './policy-products';
import { PolicySubjectRepository } from './policy-subject.repository';

/** The policy lifecycle core's registry, which every family module registers its product with. */
@Global()
@Module({ providers: [PolicyProducts, PolicySubjectRepository], exports: [PolicyProducts] })
export class PoliciesModule {}
