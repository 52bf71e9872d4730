import type { WireRegisteredStaff } from '@lib/providers';

/** How many companies partners may register in one sandbox process before the oldest are forgotten. */
const CAPACITY = 5_000;

/**
 * Companies partners registered for their own tests (PUT /__control/scopes/{scope}/registry/companies/{cr}): the
 * registry answers a scope's own registration of a number before the derived company every number has.
 */
export class CompanyRegistrations {
  private readonly byScope = new Map<string, WireRegisteredStaff>();

  register(scope: string, staff: WireRegisteredStaff): WireRegisteredStaff {
    const key = `${scope}\n${staff.commercial_registration_number}`;
    this.byScope.delete(key);
    this.byScope.set(key, staff);
    if (this.byScope.size > CAPACITY) this.byScope.delete(this.byScope.keys().next().value!);
    return staff;
  }

  find(scope: string | undefined, cr: string): WireRegisteredStaff | undefined {
    return scope ? this.byScope.get(`${scope}\n${cr}`) : undefined;
  }
}
