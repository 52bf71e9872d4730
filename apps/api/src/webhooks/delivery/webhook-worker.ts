import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { RealClock } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { WebhookEndpointRepository } from '../endpoints/webhook-endpoint.repository';
import { retryDelayMs, verdictOf } from './retry-policy';
import { Claimed, WebhookDeliveryRepository } from './webhook-delivery.repository';
import { sendWebhook } from './webhook-sender';
import { sign } from './webhook-signature';
import { urlPolicyFor, type UrlPolicy } from './url-safety';

/**
 * Delivers the outbox. Every instance may run one: claims are leased rows taken with SKIP LOCKED, so two
 * workers never send the same attempt, and rows of a worker that died come back when its lease lapses.
 * The lease outlives the request timeout twice over, so a live worker always finishes inside it.
 */
@Injectable()
export class WebhookWorker implements OnApplicationBootstrap, OnModuleDestroy {
  readonly id = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly log = new Logger('WebhookWorker');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;

  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly endpoints: WebhookEndpointRepository,
    private readonly clock: RealClock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get leaseMs(): number {
    return 2 * this.config.webhooks.timeoutMs + 1000;
  }

  private get policy(): UrlPolicy {
    return urlPolicyFor(this.config);
  }

  onApplicationBootstrap(): void {
    if (this.config.webhooks.worker) this.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /**
   * Stops polling and waits for the batch in hand, at most one lease: whatever is still unfinished then is
   * left to its lease, exactly as if this process had died.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.running, new Promise((resolve) => (timer = setTimeout(resolve, this.leaseMs)))]);
    clearTimeout(timer);
  }

  private schedule(ms: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick()
        .catch((e: Error) => {
          this.log.warn(`webhook delivery round failed: ${e.message}`);
          return 0;
        })
        .then((n) => this.schedule(n >= this.config.webhooks.batchSize ? 0 : this.config.webhooks.pollIntervalMs));
    }, ms);
    this.timer.unref();
  }

  /**
   * One round: claim due rows and deliver them in parallel, except that the events of one policy to one
   * endpoint go one after the other in the order they were written (status 1 before its documents).
   * Returns how many were claimed.
   */
  async tick(): Promise<number> {
    const now = this.clock.now();
    const claimed = await this.deliveries.claim(this.id, now, new Date(now.getTime() + this.leaseMs), this.config.webhooks.batchSize);
    const inOrder = new Map<string, Claimed[]>();
    for (const c of claimed) {
      const key = `${c.delivery.endpointId}:${c.delivery.policyId ?? c.delivery.id}`;
      inOrder.set(key, [...(inOrder.get(key) ?? []), c]);
    }
    await Promise.all(
      [...inOrder.values()].map(async (sequence) => {
        for (const c of sequence) await this.deliverOrRelease(c);
      }),
    );
    return claimed.length;
  }

  /** An unexpected error (a bad sealed secret, a database hiccup) fails this attempt and schedules the next, rather than waiting for the lease. */
  private async deliverOrRelease(c: Claimed): Promise<void> {
    try {
      await this.deliver(c);
    } catch (e) {
      this.log.error(`webhook delivery ${c.delivery.id} failed unexpectedly: ${(e as Error).message}`);
      const finishedAt = this.clock.now();
      await this.deliveries
        .complete(c, {
          outcome: 'failed',
          statusCode: null,
          durationMs: 0,
          snippet: null,
          error: 'Internal error while sending; retried later.',
          finishedAt,
          next: { status: 'pending', nextAttemptAt: new Date(finishedAt.getTime() + retryDelayMs(c.delivery.attempts, this.config.webhooks.retryBaseMs)) },
        })
        .catch(() => undefined);
    }
  }

  private async deliver(c: Claimed): Promise<void> {
    const { delivery } = c;
    const endpoint = await this.endpoints.find(delivery.endpointId);
    if (!endpoint || !endpoint.active) {
      await this.deliveries.complete(c, {
        outcome: 'failed',
        statusCode: null,
        durationMs: 0,
        snippet: null,
        error: 'The endpoint is disabled.',
        finishedAt: this.clock.now(),
        next: { status: 'failed' },
      });
      return;
    }
    const { secret, staticKey } = this.endpoints.secretsOf(endpoint);
    const body = delivery.body;
    const timestamp = Math.floor(this.clock.now().getTime() / 1000);
    const headers = {
      'webhook-id': delivery.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': sign(secret, delivery.id, timestamp, body),
      'webhook-event': delivery.eventType,
      'x-webhook-url': staticKey,
      'x-webhook-key': staticKey,
    };
    const result = await sendWebhook(endpoint.url, headers, body, this.config.webhooks.timeoutMs, this.policy);
    const verdict = verdictOf(result.statusCode);
    const finishedAt = this.clock.now();
    const exhausted = delivery.attempts >= this.config.webhooks.maxAttempts;
    const next =
      verdict === 'delivered'
        ? { status: 'delivered' as const }
        : verdict === 'final' || exhausted
          ? { status: 'failed' as const }
          : { status: 'pending' as const, nextAttemptAt: new Date(finishedAt.getTime() + retryDelayMs(delivery.attempts, this.config.webhooks.retryBaseMs)) };
    const error = result.error ?? (verdict === 'delivered' ? null : `The endpoint answered ${result.statusCode}.`);
    const held = await this.deliveries.complete(c, {
      outcome: verdict === 'delivered' ? 'delivered' : 'failed',
      statusCode: result.statusCode,
      durationMs: result.durationMs,
      snippet: result.snippet,
      error,
      finishedAt,
      next,
    });
    if (!held) this.log.warn(`webhook delivery ${delivery.id}: the lease lapsed during the attempt; another worker owns it now`);
  }
}
