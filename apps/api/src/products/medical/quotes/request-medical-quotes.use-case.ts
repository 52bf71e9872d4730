import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ApiError, amountString, Clock, money, withVat } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import type { MedicalInsurer, MedicalMember, MedicalProvider, MedicalRelationship, MedicalTier } from '@lib/providers';
import { MedicalCompanyRepository } from '../companies/medical-company.repository';
import { ageToday, dependentsOf } from '../employees/employee.presenter';
import { MedicalEmployeeRepository, type MedicalEmployee } from '../employees/medical-employee.repository';
import { MEDICAL_PROVIDER, MedicalInsurers } from '../medical-insurers';
import { employeeFingerprint } from './employee-fingerprint';
import { MedicalQuoteRepository, type StoredMedicalQuote } from './medical-quote.repository';
import { presentMedicalQuoteRequest } from './medical-quote.presenter';

/** Members in the insurer's terms: `E<row>` for an employee, `E<row>D<n>` for their dependents. */
function membersOf(staff: MedicalEmployee[], now: Date): MedicalMember[] {
  return staff.flatMap((e, i) => [
    {
      reference: `E${i}`,
      relationship: 'employee' as MedicalRelationship,
      category: e.category as MedicalTier,
      age: ageToday(e.personId, e.dateOfBirth, now) ?? 0,
      gender: (e.gender ?? undefined) as 'male' | 'female' | undefined,
    },
    ...dependentsOf(e).map((d, j) => ({
      reference: `E${i}D${j}`,
      relationship: d.relationship as MedicalRelationship,
      category: e.category as MedicalTier,
      age: ageToday(d.nationality_id ?? d.iqama_id ?? '', d.date_of_birth, now) ?? 0,
      gender: (d.gender ?? undefined) as 'male' | 'female' | undefined,
    })),
  ]);
}

/**
 * Prices the company's saved employees with every medical insurer at once. Insurers that fail or are
 * too slow are listed in `failed_providers`; 502 only when none priced.
 */
@Injectable()
export class RequestMedicalQuotesUseCase {
  private readonly log = new Logger('MedicalQuotes');

  constructor(
    private readonly companies: MedicalCompanyRepository,
    private readonly employees: MedicalEmployeeRepository,
    private readonly quotes: MedicalQuoteRepository,
    private readonly insurers: MedicalInsurers,
    private readonly clock: Clock,
    @Inject(MEDICAL_PROVIDER) private readonly provider: MedicalProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(clientId: string, companyId: number) {
    const company = await this.companies.require(clientId, companyId);
    const staff = await this.employees.list(company.id);
    if (!staff.length) throw ApiError.field('company_id', 'The company has no saved employees; PUT the employee list first.');
    const now = this.clock.now();
    const members = membersOf(staff, now);
    const insurers = await this.insurers.list();
    const settled = await Promise.allSettled(
      insurers.map((i) => this.provider.quote(i.code, company.commercialRegistrationNumber, members, { timeoutMs: this.config.motorInsurerTimeoutMs })),
    );
    const quotes: StoredMedicalQuote[] = [];
    const failures: Array<{ insurance_provider: string; reason: string }> = [];
    settled.forEach((s, k) => {
      const insurer = insurers[k];
      if (s.status === 'fulfilled') quotes.push(this.toQuote(insurer, staff, s.value.members, s.value.quoteReference, s.value.subtotal, s.value.validUntil));
      else {
        this.log.warn(`medical quote from ${insurer.code} failed: ${(s.reason as Error).message}`);
        failures.push({ insurance_provider: insurer.code, reason: (s.reason as { failure?: string }).failure ?? 'unavailable' });
      }
    });
    if (!quotes.length) throw new ApiError('PROVIDER_FAILED', 'No medical insurer priced the employees; try again shortly.');
    const employees = { fingerprint: employeeFingerprint(staff), count: staff.length, members: members.length };
    const saved = await this.quotes.create({ id: randomUUID(), clientId, companyId: company.id, employees, quotes, failures, at: now });
    return presentMedicalQuoteRequest(saved);
  }

  private toQuote(
    insurer: MedicalInsurer,
    staff: MedicalEmployee[],
    priced: Array<{ reference: string; price: string }>,
    quoteReference: string,
    subtotal: string,
    validUntil: string,
  ): StoredMedicalQuote {
    const priceOf = new Map(priced.map((p) => [p.reference, p.price]));
    const totals = withVat(subtotal);
    return {
      quote_price_id: randomUUID(),
      insurance_provider: insurer.code,
      insurance_provider_name: insurer.name_en,
      insurance_provider_name_ar: insurer.name_ar,
      quote_reference: quoteReference,
      subtotal: amountString(totals.subtotal),
      vat: amountString(totals.vat),
      total_price: amountString(totals.total),
      price_per_employee: amountString(money(totals.total).dividedBy(staff.length)),
      currency: 'SAR',
      valid_until: validUntil,
      employees: staff.map((e, i) => {
        const deps = dependentsOf(e).map((d, j) => ({ name: d.name, relationship: d.relationship, price: priceOf.get(`E${i}D${j}`) ?? '0.00' }));
        const own = priceOf.get(`E${i}`) ?? '0.00';
        return {
          name: e.name,
          identifier: e.personId,
          category: e.category,
          price: amountString(money(own).plus(deps.reduce((s, d) => s.plus(d.price), money(0)))),
          dependents: deps,
        };
      }),
      packages: Object.fromEntries(
        insurer.packages.map((p) => [p.category, { name: p.name, name_ar: p.name_ar, price: p.price, annual_limit: p.annual_limit, network: p.network }]),
      ),
    };
  }
}
