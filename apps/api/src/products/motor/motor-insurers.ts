import { Inject, Injectable } from '@nestjs/common';
import { ApiError, CachedFor, Clock } from '@lib/common';
import type { MotorInsurer, MotorProvider } from '@lib/providers';

export const MOTOR_PROVIDER = Symbol('MOTOR_PROVIDER');

/** The insurers to ask, from the provider, cached for a minute. */
@Injectable()
export class MotorInsurers {
  private readonly directory: CachedFor<MotorInsurer[]>;

  constructor(@Inject(MOTOR_PROVIDER) provider: MotorProvider, clock: Clock) {
    this.directory = new CachedFor(
      clock,
      60_000,
      () => provider.listInsurers({ timeoutMs: 5_000 }),
      () => new ApiError('PROVIDER_FAILED', 'The insurers directory did not answer.'),
    );
  }

  list(): Promise<MotorInsurer[]> {
    return this.directory.get();
  }
}
