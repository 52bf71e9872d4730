import { Inject, Injectable } from '@nestjs/common';
import { ApiError, amountNumber, amountString, Clock, formatDateTime, sum, type ErrorDetails } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { PAYMENT_LINK_PERIODS_MS } from '../../../payments/payment-link-periods';
import { paymentLink, PaymentRepository } from '../../../payments/payment.repository';
import { MedicalCompanyRepository } from '../companies/medical-company.repository';
import { MedicalEmployeeRepository } from '../employees/medical-employee.repository';
import { MedicalPolicyRepository, type MedicalPolicy } from '../policies/medical-policy.repository';
import { employeeFingerprint } from '../quotes/employee-fingerprint';
import type { MedicalPaymentDueOut, MedicalPaymentLinkOut } from './medical-billing.response';
import { MedicalQuoteRepository } from '../quotes/medical-quote.repository';

/**
 * What a company owes and the one payment link that settles it: one payment row (policy_type
 * `medical`, policy_id = the company id) for all the company's unissued policies, which point back at
 * it through medical_policies.payment_id. Reading the link again while it is open gives the same link;
 * a new one (what is owed changed, or the old one lapsed) withdraws the previous one.
 */
@Injectable()
export class MedicalBilling {
  constructor(
    private readonly companies: MedicalCompanyRepository,
    private readonly employees: MedicalEmployeeRepository,
    private readonly policies: MedicalPolicyRepository,
    private readonly quotes: MedicalQuoteRepository,
    private readonly payments: PaymentRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async due(clientId: string, companyId: number) {
    const company = await this.companies.require(clientId, companyId);
    return owed(company.id, await this.policies.unissued(company.id));
  }

  /** What each company of a console page (any client's) owes, by company id: one read for the page. */
  async dueOfPage(companyIds: number[]): Promise<Map<number, ReturnType<typeof owed>>> {
    const unissued = await this.policies.unissuedOfCompanies(companyIds);
    return new Map(companyIds.map((id) => [id, owed(id, unissued.get(id) ?? [])]));
  }

  /**
   * `audience` words the refusal for who reads it: a partner's developer is pointed at the API route, staff
   * in the console at the employee list. The console's 422 also carries `undeclared_employees`
   * (`[{id, name}]`) and `stale_policy_ids`, so the console can say it in the staff member's language.
   */
  async link(clientId: string, companyId: number, audience: 'partner' | 'console' = 'partner'): Promise<MedicalPaymentLinkOut> {
    const company = await this.companies.require(clientId, companyId);
    const staff = await this.employees.list(company.id);
    const details: ErrorDetails = {};
    const undeclared = staff.filter((e) => !e.declaration);
    if (undeclared.length) {
      const how =
        audience === 'console'
          ? 'Fill their health declarations in the employee list first.'
          : 'Fill their health declarations (POST /medical-forms/fill) first.';
      details.employees = [`Still to declare: ${undeclared.map((e) => e.name).join(', ')}. ${how}`];
    }
    let stale: number[] = [];
    const now = this.clock.now();
    const link = await this.policies.transaction(async (tx) => {
      await this.policies.lockCompany(tx, company.id);
      const unissued = await this.policies.unissued(company.id, tx);
      if (!unissued.length) details.company_id = ['Nothing is owed: the company has no policy awaiting payment.'];
      // a policy priced for an earlier employee list would charge for the wrong people
      const current = employeeFingerprint(staff);
      const requests = await this.quotes.findManyIn(
        tx,
        unissued.map((p) => p.quoteRequestId),
      );
      stale = unissued
        .filter((p) => (requests.find((r) => r.id === p.quoteRequestId)?.employees as { fingerprint?: string } | undefined)?.fingerprint !== current)
        .map((p) => p.id);
      if (stale.length) details.policy_ids = [`The employee list changed after policy ${stale.join(', ')} was issued; request new quotes and issue again.`];
      if (Object.keys(details).length) return null;
      // The spec's link lives 15 minutes from creation: reading it again meanwhile gives the same link
      // (a customer may be paying it right now), unless what is owed changed.
      const open = await this.policies.openPayment(tx, company.id, now);
      const ids = unissued.map((p) => p.id);
      const amount = sum(unissued.map((p) => p.price.toString()));
      if (open && open.policyIds.join() === ids.join() && amount.equals(open.payment.amount.toString())) return { payment: open.payment, ids };
      await this.policies.retireOpenPayments(tx, company.id, now, 'replaced');
      const payment = await this.payments.createPending(tx, {
        clientId,
        policyType: 'medical',
        policyId: company.id,
        amount: amountString(amount),
        expiresAt: new Date(now.getTime() + PAYMENT_LINK_PERIODS_MS.medical),
        at: now,
      });
      await this.policies.attachPayment(
        tx,
        unissued.map((p) => p.id),
        payment.id,
        now,
      );
      return { payment, ids: unissued.map((p) => p.id) };
    });
    if (!link) {
      const extra = audience === 'console' ? { undeclared_employees: undeclared.map((e) => ({ id: e.id, name: e.name })), stale_policy_ids: stale } : {};
      throw new ApiError('VALIDATION_FAILED', ApiError.validation(details).message, details, {}, extra);
    }
    const url = paymentLink(this.config.publicBaseUrl, link.payment.linkToken);
    return {
      payment: url,
      payment_link: url,
      amount: amountNumber(link.payment.amount.toString()),
      currency: 'SAR',
      expires_at: formatDateTime(link.payment.expiresAt),
      policy_ids: link.ids,
    };
  }
}

/** What a company's unissued policies add up to (decimal strings, never floats until the answer). */
function owed(companyId: number, unissued: MedicalPolicy[]): MedicalPaymentDueOut {
  return {
    company_id: companyId,
    payment: amountNumber(amountString(sum(unissued.map((p) => p.price.toString())))),
    vat: amountNumber(amountString(sum(unissued.map((p) => p.vat.toString())))),
    currency: 'SAR',
    policy_ids: unissued.map((p) => p.id),
  };
}
