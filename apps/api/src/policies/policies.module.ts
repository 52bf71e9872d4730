import { Global, Module } from '@nestjs/common';
import { PolicyProducts } from './policy-products';

/** The policy lifecycle core's registry, which every family module registers its product with. */
@Global()
@Module({ providers: [PolicyProducts], exports: [PolicyProducts] })
export class PoliciesModule {}
