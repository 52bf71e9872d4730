import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ApiError, Clock, formatDateTime, HOUR_MS } from '@lib/common';
import { TestClock, TestClockRepository } from '../../test-clocks/test-clock.repository';
import { DueEventScheduler } from '../../due-events/due-event-scheduler';
import type { TestClockOut } from './sandbox-tools.response';

const DAY_MS = 24 * HOUR_MS;
/** How far from real time a clock may start, and how far one advance may move it (a policy year and a half). */
const START_SPAN_MS = 2 * 365 * DAY_MS;
const ADVANCE_SPAN_MS = 2 * 365 * DAY_MS;
const CLOCKS_PER_CLIENT = 20;

const ATTACHED_AS = { quote_request: 'quote_requests', offer: 'offers', policy: 'policies', company: 'companies', payment: 'payments' } as const;

/** A partner's test clocks: create, read, advance (forward only), delete. */
@Injectable()
export class TestClockTool {
  constructor(
    private readonly repo: TestClockRepository,
    private readonly clock: Clock,
    private readonly dueEvents: DueEventScheduler,
  ) {}

  async create(clientId: string, input: { name?: string | null; frozen_time?: Date }) {
    const now = this.clock.now();
    const frozenTime = input.frozen_time ?? now;
    if (Math.abs(frozenTime.getTime() - now.getTime()) > START_SPAN_MS)
      throw ApiError.field('frozen_time', 'A test clock starts within two years of the real time.');
    if ((await this.repo.countOf(clientId)) >= CLOCKS_PER_CLIENT)
      throw new ApiError('CONFLICT', `You have ${CLOCKS_PER_CLIENT} test clocks; delete one first.`);
    return this.present(await this.repo.create({ id: randomUUID(), clientId, name: input.name ?? null, frozenTime, at: now }));
  }

  async list(clientId: string) {
    return Promise.all((await this.repo.listOf(clientId)).map((c) => this.present(c)));
  }

  async show(clientId: string, id: string) {
    return this.present(await this.found(clientId, id));
  }

  /**
   * `frozen_time`, or `seconds` after the clock's current time; always forward. Before answering, every due event of
   * the clock's resources (a payment link lapsing, a policy reaching its end) up to the new time fires, earliest
   * first, with its webhooks written: what the partner reads next already shows it.
   */
  async advance(clientId: string, id: string, to: { frozen_time?: Date; seconds?: number }) {
    const clock = await this.found(clientId, id);
    const target = to.frozen_time ?? new Date(clock.frozenTime.getTime() + to.seconds! * 1000);
    if (target.getTime() <= clock.frozenTime.getTime())
      throw ApiError.field(to.frozen_time ? 'frozen_time' : 'seconds', `A test clock only moves forward: after ${formatDateTime(clock.frozenTime)}.`);
    if (target.getTime() - clock.frozenTime.getTime() > ADVANCE_SPAN_MS)
      throw ApiError.field(to.frozen_time ? 'frozen_time' : 'seconds', 'One advance moves a test clock at most two years.');
    const moved = (await this.repo.advance(id, clientId, target, this.clock.now())) ?? (await this.found(clientId, id));
    await this.dueEvents.drainClock(moved.id, moved.frozenTime);
    return this.present(moved);
  }

  async delete(clientId: string, id: string): Promise<void> {
    if (!(await this.repo.delete(id, clientId))) throw ApiError.notFound('No test clock with this id.');
  }

  private async found(clientId: string, id: string): Promise<TestClock> {
    const clock = await this.repo.find(id, clientId);
    if (!clock) throw ApiError.notFound('No test clock with this id.');
    return clock;
  }

  private async present(c: TestClock): Promise<TestClockOut> {
    const counts = await this.repo.attachmentCounts(c.id);
    const attached = Object.fromEntries(Object.entries(ATTACHED_AS).map(([type, label]) => [label, counts[type] ?? 0])) as TestClockOut['attached'];
    return {
      id: c.id,
      name: c.name,
      frozen_time: formatDateTime(c.frozenTime),
      attached,
      created_at: formatDateTime(c.createdAt),
      updated_at: formatDateTime(c.updatedAt),
    };
  }
}
