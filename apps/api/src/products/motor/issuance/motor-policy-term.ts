import { Inject, Injectable } from '@nestjs/common';
import { amountNumber } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import type { Prisma } from '@lib/db';
import type { MotorPolicy, MotorQuoteRequest } from '@lib/db/generated/prisma/client';
import type { ExpiredPolicy, PolicyTerm, RenewablePolicy } from '../../../policies/policy-product';
import { MotorPolicyRepository } from './motor-policy.repository';
import { shownMotorPolicy } from './motor-policy.presenter';

/**
 * A motor policy's year ends the day after its `end_date`: it becomes status 4 (expired), presented as Show Policy
 * answers it. Its renewal notice carries the fields of a new quote request for the same vehicle, owner and drivers.
 */
@Injectable()
export class MotorPolicyTerm implements PolicyTerm {
  constructor(
    private readonly policies: MotorPolicyRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async expire(tx: Prisma.TransactionClient, policyIds: number[], now: Date): Promise<ExpiredPolicy[]> {
    const expired = await this.policies.markExpired(tx, policyIds, now);
    return expired.map((policy) => shownMotorPolicy(policy, null, this.config.publicBaseUrl));
  }

  async renewal(tx: Prisma.TransactionClient, policyId: number): Promise<RenewablePolicy | null> {
    const active = await this.policies.activeWithRequestIn(tx, policyId);
    if (!active) return null;
    return { ...shownMotorPolicy(active.policy, null, this.config.publicBaseUrl), quoteRequest: renewalQuoteRequest(active.policy, active.request) };
  }
}

/**
 * `POST /api/v1/car-comp/quote-requests` for the same cover, less what only the customer can give now (`otp`) and
 * `start_date` (the renewal's `start_date`, accepted once it is within 27 days). The vehicle now belongs to the
 * insured owner, so it is no ownership transfer.
 */
export function renewalQuoteRequest(policy: MotorPolicy, request: MotorQuoteRequest): Record<string, unknown> {
  const vehicle = policy.carSequenceNumber
    ? { car_sequence_number: policy.carSequenceNumber }
    : { custom_number: policy.customNumber, maker_code: request.makerCode, model_code: request.modelCode, body_type_code: request.bodyTypeCode };
  return {
    owner_id: policy.ownerId,
    email: request.email,
    phone: request.phone,
    birthdate: request.birthdate,
    ...vehicle,
    is_ownership_transfer: false,
    car_estimated_cost: amountNumber(request.carEstimatedCost.toString()),
    car_model_year: request.carModelYear,
    ...(request.drivers ? { drivers: request.drivers } : {}),
  };
}
