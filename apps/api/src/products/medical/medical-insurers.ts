import { Inject, Injectable } from '@nestjs/common';
import { ApiError, Clock } from '@lib/common';
import type { MedicalInsurer, MedicalProvider } from '@lib/providers';

export const MEDICAL_PROVIDER = Symbol('MEDICAL_PROVIDER');
const CACHE_MS = 60_000;

/** The medical insurers and their packages, from the provider, cached for a minute. */
@Injectable()
export class MedicalInsurers {
  private cached?: { at: number; insurers: MedicalInsurer[] };

  constructor(
    @Inject(MEDICAL_PROVIDER) private readonly provider: MedicalProvider,
    private readonly clock: Clock,
  ) {}

  async list(): Promise<MedicalInsurer[]> {
    const now = this.clock.now().getTime();
    if (this.cached && now - this.cached.at < CACHE_MS) return this.cached.insurers;
    try {
      const insurers = await this.provider.listInsurers({ timeoutMs: 5_000 });
      this.cached = { at: now, insurers };
      return insurers;
    } catch {
      if (this.cached) return this.cached.insurers;
      throw new ApiError('PROVIDER_FAILED', 'The medical insurers directory did not answer.');
    }
  }
}
