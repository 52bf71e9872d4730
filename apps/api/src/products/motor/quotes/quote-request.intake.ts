import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ApiError, Clock, halalasOfNumber, halalasText, parseDate, validationError } from '@lib/common';
import { birthdateOf } from '@lib/common/saudi';
import { isMotorProviderError, MotorProvider, MotorRisk } from '@lib/providers';
import { OtpService } from '../../../platform/otp/otp.service';
import { MOTOR_PROVIDER } from '../motor-insurers';
import { QuoteRequestInput, quoteRequestSchema } from './quote-request.schema';
import type { NewQuoteRequest } from './quote-request.repository';

export interface RequestQuotesCommand {
  clientId: string;
  body: unknown;
  locale: 'en' | 'ar';
}

/** A quote request that passed every rule and the OTP check, ready for the insurers. */
export interface AcceptedQuoteRequest {
  clientId: string;
  locale: 'en' | 'ar';
  input: QuoteRequestInput;
  now: Date;
  risk: MotorRisk;
}

/**
 * What both ways of requesting quotes (synchronous and `Prefer: respond-async`) do before asking any
 * insurer: every rule (one 422 naming every field), the quote OTP, and the customs-card registration.
 */
@Injectable()
export class QuoteRequestIntake {
  constructor(
    private readonly otp: OtpService,
    private readonly clock: Clock,
    @Inject(MOTOR_PROVIDER) private readonly provider: MotorProvider,
  ) {}

  async accept(cmd: RequestQuotesCommand): Promise<AcceptedQuoteRequest> {
    const now = this.clock.now();
    const parsed = quoteRequestSchema(now).safeParse(cmd.body);
    if (!parsed.success) throw validationError(parsed.error.issues);
    const input = parsed.data;

    await this.otp.verify({ clientId: cmd.clientId, purpose: 'motor-quote', subject: input.owner_id, code: input.otp, phone: input.phone, consume: false });
    if (input.custom_number) await this.registerCustomsVehicle(input);
    return { clientId: cmd.clientId, locale: cmd.locale, input, now, risk: toRisk(input, now, cmd.locale) };
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
    ? {
        kind: 'customs',
        customNumber: input.custom_number,
        makerCode: input.maker_code!,
        modelCode: input.model_code!,
        bodyTypeCode: input.body_type_code!,
        modelYear: input.car_model_year,
        estimatedValue: halalasOfNumber(input.car_estimated_cost),
      }
    : {
        kind: 'sequence',
        sequenceNumber: input.car_sequence_number!,
        modelYear: input.car_model_year,
        estimatedValue: halalasOfNumber(input.car_estimated_cost),
      };
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

/** The request's own row (what the customer sent, normalised); `progress` says how far its insurers are. */
export function requestRow(
  a: AcceptedQuoteRequest,
  progress: Pick<NewQuoteRequest, 'quotesStatus' | 'insurerCodes' | 'quotesDeadlineAt' | 'answerCount'>,
): NewQuoteRequest {
  const { input } = a;
  return {
    clientId: a.clientId,
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
    carEstimatedCost: halalasText(a.risk.vehicle.estimatedValue),
    carModelYear: input.car_model_year,
    startDate: input.start_date ?? null,
    drivers: input.drivers ?? null,
    locale: a.locale,
    createdAt: a.now,
    updatedAt: a.now,
    ...progress,
  };
}
