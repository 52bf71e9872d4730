import { Inject, Injectable } from '@nestjs/common';
import { ApiError, Clock, currentTestClockFrame, withTestClockFrame, z } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import type { Prisma } from '@lib/db';
import { ClockedResource, ClockedResourceType, TestClockRepository } from './test-clock.repository';

export type { ClockedResource, ClockedResourceType };

/** The request header that runs a partner request on one of its test clocks. */
export const TEST_CLOCK_HEADER = 'sandbox-test-clock';

const clockId = z.uuid();

/** A policy's attachment key: policy ids are per family. */
export function clockedPolicy(family: string, policyId: number): ClockedResource {
  return { type: 'policy', key: `${family}:${policyId}` };
}

/**
 * Sandbox test clocks as the rest of the service sees them. Work runs in a frame (one per request, or
 * `within` for a worker); the frame gets a clock from the request's `Sandbox-Test-Clock` header or from the
 * first clocked resource it touches (`adopt`), and the service's Clock then answers the clock's frozen time.
 * Resources created while a clock is in the frame are attached to it (`attach`). In production all of this
 * does nothing and costs no query.
 */
@Injectable()
export class TestClocks {
  constructor(
    private readonly repo: TestClockRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get enabled(): boolean {
    return this.config.env === 'sandbox';
  }

  /** Puts the calling client's clock named by the header in the current frame (404 if it is not theirs). */
  async useHeader(clientId: string, header: string | string[]): Promise<void> {
    const frame = currentTestClockFrame();
    if (!this.enabled || !frame) return;
    const value = Array.isArray(header) ? header[0] : header;
    if (!clockId.safeParse(value).success)
      throw ApiError.field(TEST_CLOCK_HEADER, 'The Sandbox-Test-Clock header must be the id of one of your test clocks (a UUID).');
    const clock = await this.repo.find(value!, clientId);
    if (!clock) throw ApiError.notFound('No test clock with this id (Sandbox-Test-Clock).');
    frame.clockId = clock.id;
    frame.frozenTime = clock.frozenTime;
  }

  /**
   * When `resource` runs on a clock and the frame has none yet, the rest of the work follows that clock.
   * `clientId` (when the caller is a partner) keeps another client's clock out of the answer.
   */
  async adopt(resource: ClockedResource, clientId?: string): Promise<void> {
    const frame = currentTestClockFrame();
    if (!this.enabled || !frame || frame.clockId) return;
    const clock = await this.repo.clockOf(resource, clientId);
    if (!clock) return;
    frame.clockId = clock.id;
    frame.frozenTime = clock.frozenTime;
  }

  /** Attaches a resource created in `tx` to the frame's clock, if there is one. */
  async attach(tx: Prisma.TransactionClient | null, ...resources: ClockedResource[]): Promise<void> {
    const id = currentTestClockFrame()?.clockId;
    if (!this.enabled || !id) return;
    for (const resource of resources) await this.repo.attach(tx, id, resource, this.clock.now());
  }

  /** The time of `resource`'s clock, or the current time, where no frame can hold a clock (guards run before it). */
  async timeOf(resource: ClockedResource): Promise<Date> {
    const clock = this.enabled ? await this.repo.clockOf(resource) : null;
    return clock ? new Date(clock.frozenTime.getTime()) : this.clock.now();
  }

  /** Runs a worker's step for one resource in a frame of its own, on the resource's clock if it has one. */
  async within<T>(resource: ClockedResource, fn: () => Promise<T>): Promise<T> {
    if (!this.enabled) return fn();
    return withTestClockFrame(async () => {
      await this.adopt(resource);
      return fn();
    });
  }
}
