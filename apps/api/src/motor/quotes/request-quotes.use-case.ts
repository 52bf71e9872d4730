import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ApiError, Clock, money, parseDate, validationError, withVat } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { TestClocks } from '../../test-clocks/test-clocks';
import { allFailed, fanOutQuotes, InsurerQuoteOutcome, MotorProvider, MotorRisk, isMotorProviderError } from '@lib/providers';
import { OtpService } from '../../otp/otp.service';
import { MotorCustomerRepository } from '../customers/motor-customer.repository';
import { MOTOR_PROVIDER, MotorInsurers } from '../motor-insurers';
import { birthdateOf } from '@lib/common/saudi';
import { QuoteRequestInput, quoteRequestSchema } from './quote-request.schema';
import { presentQuoteRequest, QuoteRequestResponse } from './quote-request.presenter';
import { NewQuoteRequest, QuoteRequestRepository } from './quote-request.repository';

export interface RequestQuotesCommand {
  clientId: string;
  body: unknown;
  locale: 'en' | 'ar';
}

/**
 * Request Quotes: validates every rule, checks the quote OTP, registers a customs-card vehicle,
 * asks every insurer in parallel, and stores the request with its offers and each insurer's outcome.
 * 502 only when every insurer failed; declines are a normal outcome (empty `quotes`).
 */
@Injectable()
export class RequestQuotesUseCase {
  private readonly log = new Logger('RequestQuotes');

  constructor(
    private readonly otp: OtpService,
    private readonly customers: MotorCustomerRepository,
    private readonly insurers: MotorInsurers,
    private readonly repo: QuoteRequestRepository,
    private readonly clock: Clock,
    private readonly testClocks: TestClocks,
    @Inject(MOTOR_PROVIDER) private readonly provider: MotorProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(cmd: RequestQuotesCommand): Promise<QuoteRequestResponse> {
    const now = this.clock.now();
    const parsed = quoteRequestSchema(now).safeParse(cmd.body);
    if (!parsed.success) throw validationError(parsed.error.issues);
    const input = parsed.data;

    await this.otp.verify({ clientId: cmd.clientId, purpose: 'motor-quote', subject: input.owner_id, code: input.otp, phone: input.phone, consume: false });
    if (input.custom_number) await this.registerCustomsVehicle(input);

    // The customer's details are written while the insurers work (they never see the email); a refused
    // email stops the fan-out and answers 422.
    const cancel = new AbortController();
    const fanOut = fanOutQuotes(this.provider, await this.insurers.list(), toRisk(input, now, cmd.locale), {
      perInsurerTimeoutMs: this.config.motorInsurerTimeoutMs,
      deadlineMs: this.config.motorQuoteDeadlineMs,
      signal: cancel.signal,
    });
    try {
      await this.customers.remember({ clientId: cmd.clientId, ownerId: input.owner_id, email: input.email, phone: input.phone, at: now });
    } catch (e) {
      cancel.abort();
      await fanOut;
      throw e;
    }
    const outcomes = await fanOut;
    if (allFailed(outcomes)) {
      this.log.warn(`every insurer failed: ${outcomes.map((o) => `${o.insurer.code}=${o.outcome}`).join(', ')}`);
      throw new ApiError('PROVIDER_FAILED', 'No insurer answered the quote request. Try again shortly.');
    }
    const row = await this.repo.create(toRows(cmd.clientId, input, cmd.locale, outcomes, now));
    await this.testClocks.attach(null, { type: 'quote_request', key: String(row.id) });
    return presentQuoteRequest(row);
  }

  private async registerCustomsVehicle(input: QuoteRequestInput): Promise<void> {
    try {
      await this.provider.registerCustomsVehicle(
        {
          customNumber: input.custom_number!,
          makerCode: input.maker_code!,
          modelCode: input.model_code!,
          bodyTypeCode: input.body_type_code!,
          modelYear: input.car_model_year,
          ownerId: input.current_car_owner_id ?? input.owner_id,
        },
        { timeoutMs: 10_000 },
      );
    } catch (e) {
      if (isMotorProviderError(e) && e.failure === 'rejected') {
        throw ApiError.field('custom_number', `The vehicle registry refused the vehicle: ${e.message}`);
      }
      throw new ApiError('PROVIDER_FAILED', 'The vehicle registry did not answer. Try again shortly.');
    }
  }
}

function ageOn(birth: Date, on: Date): number {
  let age = on.getUTCFullYear() - birth.getUTCFullYear();
  const beforeBirthday = on.getUTCMonth() < birth.getUTCMonth() || (on.getUTCMonth() === birth.getUTCMonth() && on.getUTCDate() < birth.getUTCDate());
  if (beforeBirthday) age -= 1;
  return Math.max(0, age);
}

/** Ages instead of birthdates, and the owner as the only driver when no drivers were given. */
function toRisk(input: QuoteRequestInput, now: Date, locale: 'en' | 'ar'): MotorRisk {
  const start = input.start_date ? parseDate(input.start_date)! : new Date(now.getTime() + 86_400_000);
  const age = (id: string, birthdate: string) => {
    const b = birthdateOf(id, birthdate, now);
    return 'date' in b ? ageOn(b.date, start) : 0;
  };
  const drivers = input.drivers ?? [{ owner_id: input.owner_id, birthdate: input.birthdate, driving_percentage: 100 as const }];
  const vehicle: MotorRisk['vehicle'] = input.custom_number
    ? { kind: 'customs', customNumber: input.custom_number, makerCode: input.maker_code!, modelCode: input.model_code!, bodyTypeCode: input.body_type_code!, modelYear: input.car_model_year, estimatedValue: money(input.car_estimated_cost) }
    : { kind: 'sequence', sequenceNumber: input.car_sequence_number!, modelYear: input.car_model_year, estimatedValue: money(input.car_estimated_cost) };
  return {
    requestReference: randomUUID(),
    locale,
    owner: { id: input.owner_id, age: age(input.owner_id, input.birthdate) },
    drivers: drivers.map((d) => ({ id: d.owner_id, age: age(d.owner_id, d.birthdate), drivingPercentage: d.driving_percentage })),
    vehicle,
    isOwnershipTransfer: input.is_ownership_transfer,
    startDate: input.start_date ?? start.toISOString().slice(0, 10),
  };
}

function toRows(clientId: string, input: QuoteRequestInput, locale: string, outcomes: InsurerQuoteOutcome[], now: Date): NewQuoteRequest {
  const rows: NewQuoteRequest = { request: {} as NewQuoteRequest['request'], offers: [], prices: [], benefits: [], outcomes: [] };
  for (const o of outcomes) {
    for (const offer of o.offers) {
      const offerId = randomUUID();
      rows.offers.push({
        id: offerId,
        position: rows.offers.length,
        insurerCode: o.insurer.code,
        providerReference: offer.providerReference,
        companyName: o.insurer.nameEn,
        companyNameAr: o.insurer.nameAr || o.insurer.nameEn,
        companyLogoUrl: o.insurer.logoUrl ?? '',
        squareCompanyLogoUrl: o.insurer.squareLogoUrl ?? '',
        type: offer.type,
        insuranceTypeDisplay: offer.productNameEn,
        insuranceTypeDisplayAr: offer.productNameAr || offer.productNameEn,
        fixType: offer.type === 'Comprehensive' ? offer.fixType : '',
        vehicleEstimatedValue: (offer.vehicleEstimatedValue ?? money(input.car_estimated_cost)).toFixed(2),
        expiresAt: offer.validUntil,
      });
      offer.prices.forEach((p, i) => {
        const priced = withVat(p.netPremium);
        rows.prices.push({
          id: randomUUID(),
          offerId,
          position: i,
          providerReference: p.providerReference,
          deductible: p.deductible === null ? null : p.deductible.toFixed(2),
          subtotal: priced.subtotal.toFixed(2),
          vatPercentage: priced.vatPercentage.toFixed(2),
          vat: priced.vat.toFixed(2),
          total: priced.total.toFixed(2),
        });
      });
      offer.benefits.forEach((b, i) => {
        rows.benefits.push({
          id: randomUUID(),
          offerId,
          position: i,
          code: b.code,
          name: b.nameEn,
          nameAr: b.nameAr || b.nameEn,
          amount: money(b.amount).toFixed(2),
          vat: withVat(b.amount).vat.toFixed(2),
          url: b.url,
        });
      });
    }
    rows.outcomes.push({
      insurerCode: o.insurer.code,
      outcome: o.outcome,
      latencyMs: Math.round(o.latency_ms),
      offerCount: o.offers.length,
      detail: (o.decline ? `${o.decline.code}: ${o.decline.reason}` : o.error ?? null)?.slice(0, 500) ?? null,
    });
  }
  rows.request = {
    clientId,
    ownerId: input.owner_id,
    email: input.email,
    phone: input.phone,
    birthdate: input.birthdate,
    carSequenceNumber: input.car_sequence_number ?? null,
    customNumber: input.custom_number ?? null,
    makerCode: input.maker_code ?? null,
    modelCode: input.model_code ?? null,
    bodyTypeCode: input.body_type_code ?? null,
    isOwnershipTransfer: input.is_ownership_transfer,
    currentCarOwnerId: input.is_ownership_transfer ? input.current_car_owner_id! : input.owner_id,
    carEstimatedCost: money(input.car_estimated_cost).toFixed(2),
    carModelYear: input.car_model_year,
    startDate: input.start_date ?? null,
    drivers: input.drivers ?? null,
    locale,
    createdAt: now,
    updatedAt: now,
  };
  return rows;
}
