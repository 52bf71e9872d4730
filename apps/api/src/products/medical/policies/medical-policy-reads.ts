import { Injectable } from '@nestjs/common';
import { ApiError } from '@lib/common';
import { MedicalBilling } from '../billing/medical-billing';
import { MedicalEmployeeRepository } from '../employees/medical-employee.repository';
import { type MedicalPolicy } from './medical-policy.repository';
import { presentMedicalPolicy } from './medical-policy.presenter';
import { PolicyStatus } from '../../../policies/policy-status';

/**
 * A medical policy as the real service reads it: with `pending_declarations` (who must still fill a
 * health declaration) and `payment_link`, null while anyone must still declare or once paid, otherwise
 * the company's open 15-minute link (the same one while it is open, a new one after it lapsed).
 */
@Injectable()
export class MedicalPolicyReads {
  constructor(
    private readonly employees: MedicalEmployeeRepository,
    private readonly billing: MedicalBilling,
  ) {}

  async present(clientId: string, policies: MedicalPolicy[]) {
    const byCompany = new Map<number, { pending: string[]; link: string | null }>();
    for (const companyId of new Set(policies.filter((p) => p.status === PolicyStatus.Pending).map((p) => p.companyId))) {
      const pending = (await this.employees.list(companyId)).filter((e) => !e.declaration).map((e) => e.name);
      byCompany.set(companyId, { pending, link: pending.length ? null : await this.openLink(clientId, companyId) });
    }
    return policies.map((p) => {
      const due = p.status === PolicyStatus.Pending ? byCompany.get(p.companyId) : undefined;
      return presentMedicalPolicy(p, { pendingDeclarations: due?.pending ?? [], paymentLink: due?.link ?? null });
    });
  }

  /** The link, or null when none can be opened now (the employee list changed since the quote: issue again). */
  private async openLink(clientId: string, companyId: number): Promise<string | null> {
    try {
      return (await this.billing.link(clientId, companyId)).payment_link;
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) return null;
      throw err;
    }
  }
}
