import { Module } from '@nestjs/common';
import { PaymentsModule } from '../../payments/payments.module';
import { FilesModule } from '../../platform/files/files.module';
import { CancelPolicyUseCase } from '../cancel-policy.use-case';

/** The cancellation core, provided once: a family module imports this one and hands its CancellationTerms to the use case. */
@Module({
  imports: [PaymentsModule, FilesModule],
  providers: [CancelPolicyUseCase],
  exports: [CancelPolicyUseCase],
})
export class PolicyCancellationModule {}
