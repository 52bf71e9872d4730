import { Injectable } from '@nestjs/common';
import { ApiError, Clock, z, type ErrorDetails } from '@lib/common';
import { Prisma } from '@lib/db';
import { clockedPolicy, TestClocks } from '../../../platform/test-clocks/test-clocks';
import type { MedicalEmployee } from '../employees/medical-employee.repository';
import { MedicalCompanyRepository } from '../companies/medical-company.repository';
import { MedicalEmployeeRepository } from '../employees/medical-employee.repository';
import { employeeFingerprint } from '../quotes/employee-fingerprint';
import { MedicalQuoteRepository, type StoredMedicalQuote } from '../quotes/medical-quote.repository';
import { MedicalPolicyRepository } from './medical-policy.repository';
import { presentMedicalPolicy, shownMedicalPolicy } from './medical-policy.presenter';
import { PolicyEvents } from '../../../policies/events/policy-events';
import { PolicyStatus } from '../../../policies/policy-status';

export const issueSchema = z.strictObject({
  quote_request_id: z.string().uuid('The quote request id must be a uuid.'),
  quote_price_id: z.string().uuid('The quote price id must be a uuid.'),
  redirect_url: z
    .url({ protocol: /^https?$/, error: 'The redirect url must be an http(s) URL.' })
    .max(2048)
    .optional(),
  /** As GET /products/categories hands them out ("the values to send at issuance"): checked against the quote, never chosen by them. */
  category: z.string().trim().max(32).optional(),
  insurance_provider: z.string().trim().max(32).optional(),
});
export type IssueInput = z.output<typeof issueSchema>;

/**
 * A policy from one insurer's quote, awaiting payment. A company has one such policy at a time:
 * issuing again before payment withdraws the earlier one (and any payment link opened for it).
 */
@Injectable()
export class IssueMedicalPolicyUseCase {
  constructor(
    private readonly quotes: MedicalQuoteRepository,
    private readonly companies: MedicalCompanyRepository,
    private readonly employees: MedicalEmployeeRepository,
    private readonly policies: MedicalPolicyRepository,
    private readonly events: PolicyEvents,
    private readonly clock: Clock,
    private readonly testClocks: TestClocks,
  ) {}

  async execute(clientId: string, input: IssueInput) {
    const request = await this.quotes.findForClient(clientId, input.quote_request_id);
    if (!request) throw ApiError.field('quote_request_id', 'No medical quote request with this id.');
    const quote = (request.quotes as unknown as StoredMedicalQuote[]).find((q) => q.quote_price_id === input.quote_price_id);
    if (!quote) throw ApiError.field('quote_price_id', "This quote price id is not one of the quote request's quotes.");
    checkAgreesWithQuote(input, quote);
    await this.testClocks.adopt({ type: 'company', key: String(request.companyId) }, clientId);
    const now = this.clock.now();
    if (new Date(quote.valid_until).getTime() <= now.getTime()) throw ApiError.field('quote_price_id', 'This quote has lapsed; request new quotes.');
    const company = await this.companies.require(clientId, request.companyId);
    const staff: MedicalEmployee[] = await this.employees.list(company.id);
    if (employeeFingerprint(staff) !== (request.employees as { fingerprint: string }).fingerprint) {
      throw ApiError.field('quote_request_id', 'The employee list changed after this quote; request new quotes.');
    }
    const policy = await this.policies.transaction(async (tx) => {
      await this.policies.lockCompany(tx, company.id);
      await this.policies.withdrawUnissued(tx, company.id, 'replaced', now);
      await this.policies.retireOpenPayments(tx, company.id, now, 'replaced');
      const created = await this.policies.create(tx, {
        clientId,
        companyId: company.id,
        quoteRequestId: request.id,
        quotePriceId: quote.quote_price_id,
        insuranceProvider: quote.insurance_provider,
        status: PolicyStatus.Pending,
        subtotal: quote.subtotal,
        vat: quote.vat,
        price: quote.total_price,
        insured: quote.employees as unknown as Prisma.InputJsonValue,
        redirectUrl: input.redirect_url ?? null,
        createdAt: now,
        updatedAt: now,
      });
      await this.testClocks.attach(tx, clockedPolicy('medical', created.id));
      await this.events.statusUpdated(tx, shownMedicalPolicy(created));
      return created;
    });
    return presentMedicalPolicy(policy);
  }
}

/**
 * The real service's categories say to send `category` and `insurance_provider` when issuing; the quote
 * already fixes both, so they are taken when they agree with it (the quote's insurer, a tier one of its
 * employees is on) and refused, naming them, when they contradict it.
 */
function checkAgreesWithQuote(input: IssueInput, quote: StoredMedicalQuote): void {
  const details: ErrorDetails = {};
  if (input.insurance_provider !== undefined && input.insurance_provider.toLowerCase() !== quote.insurance_provider) {
    details.insurance_provider = [`The insurance provider must be ${quote.insurance_provider}, the insurer of the chosen quote (quote_price_id).`];
  }
  const tiers = [...new Set(quote.employees.map((e) => e.category))];
  if (input.category !== undefined && !tiers.includes(input.category.toLowerCase())) {
    details.category = [`The category must be one the quoted employees are on: ${tiers.join(', ')}.`];
  }
  if (Object.keys(details).length) throw ApiError.validation(details);
}
