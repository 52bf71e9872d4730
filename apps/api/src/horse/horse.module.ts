import { Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { HttpHorseProvider } from '@lib/providers';
import { FilesModule } from '../files/files.module';
import { PaymentsModule } from '../payments/payments.module';
import { HorsePolicyActivator } from './activation/horse-policy.activator';
import { CancelHorsePolicyUseCase } from './cancellation/cancel-horse-policy.use-case';
import { HORSE_PROVIDER } from './horse-products';
import { CreateHorsePolicyUseCase } from './policies/create-horse-policy.use-case';
import { HorsePoliciesController } from './policies/horse-policies.controller';
import { HorsePolicyRepository } from './policies/horse-policy.repository';

/** Horse insurance: /api/v1/horse (policies, cancellation). */
@Module({
  imports: [FilesModule, PaymentsModule],
  controllers: [HorsePoliciesController],
  providers: [
    { provide: HORSE_PROVIDER, inject: [APP_CONFIG], useFactory: (c: AppConfig) => new HttpHorseProvider({ baseUrl: c.sandboxUrl, timeoutMs: c.motorInsurerTimeoutMs }) },
    HorsePolicyRepository,
    CreateHorsePolicyUseCase,
    CancelHorsePolicyUseCase,
    HorsePolicyActivator,
  ],
})
export class HorseModule {}
