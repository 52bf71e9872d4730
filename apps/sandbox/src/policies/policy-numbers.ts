import type { Clock } from '@lib/common';

/**
 * The sandbox insurers' policy numbers: digits only, because partners' clients generated from the real service's
 * documents type `provider_policy_id` as an integer (its example is "600000000"); our API still carries it as a string.
 * One sequence for every insurer and product, so no two policies share a number. Each number is at least the clock's
 * milliseconds, so a restarted sandbox (its stores empty) does not hand out numbers of policies the API already holds;
 * it stays well inside the integers a JSON client reads exactly (2^53).
 */
export class PolicyNumbers {
  private last = 0;

  constructor(private readonly clock: Clock) {}

  next(): string {
    this.last = Math.max(this.last + 1, this.clock.now().getTime());
    return String(this.last);
  }
}
