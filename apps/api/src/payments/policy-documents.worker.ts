import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { PolicyActivators } from './policy-activators';

/**
 * Produces policy documents after activation, outside the activation transaction (the spec lets the
 * PDF appear slightly later). Nothing is lost on a restart: the activators keep a pending flag in the
 * database, looked for at boot and then every POLICY_DOCUMENTS_POLL_MS.
 */
@Injectable()
export class PolicyDocumentsWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('PolicyDocuments');
  private timer?: NodeJS.Timeout;
  private readonly running = new Set<string>();
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly products: PolicyActivators,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    setImmediate(() => void this.sweep());
    if (this.config.policyDocumentsPollMs > 0) {
      this.timer = setInterval(() => void this.sweep(), this.config.policyDocumentsPollMs);
      this.timer.unref();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled([...this.inFlight]);
  }

  /** After an activation commits: produce its document soon, in this process. */
  schedule(policyType: string, policyId: number): void {
    setImmediate(() => void this.produce(policyType, policyId));
  }

  /** Every document still pending, e.g. left over by a restart. */
  async sweep(): Promise<void> {
    for (const { family: type, payments: activator } of this.products.all()) {
      if (this.stopped) return;
      try {
        for (const id of (await activator.pendingDocuments?.()) ?? []) await this.produce(type, id);
      } catch (err) {
        this.log.warn(`looking for pending ${type} documents failed: ${(err as Error).message}`);
      }
    }
  }

  private async produce(policyType: string, policyId: number): Promise<void> {
    const key = `${policyType}:${policyId}`;
    if (this.stopped || this.running.has(key)) return;
    this.running.add(key);
    const work = (this.products.activator(policyType).produceDocuments?.(policyId) ?? Promise.resolve())
      .catch((err: Error) => this.log.error(`document of ${key} failed (retried on the next sweep): ${err.message}`))
      .finally(() => {
        this.running.delete(key);
        this.inFlight.delete(work);
      });
    this.inFlight.add(work);
    await work;
  }
}
