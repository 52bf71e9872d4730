import { Inject, Injectable } from '@nestjs/common';
import { ApiError, CachedFor, Clock } from '@lib/common';
import type { MedicalInsurer, MedicalProvider } from '@lib/providers';

export const MEDICAL_PROVIDER = Symbol('MEDICAL_PROVIDER');

/** The medical insurers and their packages, from the provider, cached for a minute. */
@Injectable()
export class MedicalInsurers {
  private readonly directory: CachedFor<MedicalInsurer[]>;

  constructor(@Inject(MEDICAL_PROVIDER) provider: MedicalProvider, clock: Clock) {
    this.directory = new CachedFor(
      clock,
      60_000,
      () => provider.listInsurers({ timeoutMs: 5_000 }),
      () => new ApiError('PROVIDER_FAILED', 'The medical insurers directory did not answer.'),
    );
  }

  list(): Promise<MedicalInsurer[]> {
    return this.directory.get();
  }
}
