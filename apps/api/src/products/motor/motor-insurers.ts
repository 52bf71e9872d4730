import { Inject, Injectable } from '@nestjs/common';
import { ApiError, Clock } from '@lib/common';
import { MotorInsurer, MotorProvider } from '@lib/providers';

export const MOTOR_PROVIDER = Symbol('MOTOR_PROVIDER');
const CACHE_MS = 60_000;

/** The insurers to ask, from the provider, cached for a minute. */
@Injectable()
export class MotorInsurers {
  private cached?: { at: number; insurers: MotorInsurer[] };

  constructor(
    @Inject(MOTOR_PROVIDER) private readonly provider: MotorProvider,
    private readonly clock: Clock,
  ) {}

  async list(): Promise<MotorInsurer[]> {
    const now = this.clock.now().getTime();
    if (this.cached && now - this.cached.at < CACHE_MS) return this.cached.insurers;
    try {
      const insurers = await this.provider.listInsurers({ timeoutMs: 5_000 });
      this.cached = { at: now, insurers };
      return insurers;
    } catch {
      if (this.cached) return this.cached.insurers;
      throw new ApiError('PROVIDER_FAILED', 'The insurers directory did not answer.');
    }
  }
}
