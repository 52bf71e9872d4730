import type { ZodType } from 'zod';
import { issuesToDetails } from '@lib/common';
import { answerJson, callContract, checkContract, type ContractRequest, type FailureFactory } from '../shared/contract-call';
import { MotorProviderError } from './motor-provider.error';
import type {
  CustomsVehicle,
  CustomsVehicleRegistration,
  MotorCallOptions,
  MotorInsurer,
  MotorIssuedPolicy,
  MotorPolicyIssue,
  MotorProvider,
  MotorQuoteResult,
  MotorRisk,
  VehicleKey,
  VehiclePhotoRegistration,
  VehiclePhotoUrls,
} from './motor-provider.port';
import { readQuoteAnswer } from './sandbox-motor.answer';
import { fromWireInsurer, fromWireQuote, fromWireRegisteredVehicle, toWireQuoteRequest, toWireRegisterVehicle, toWireVehicleKey } from './sandbox-motor.mapper';
import {
  wireInsurersResponseSchema,
  wireIssuedPolicySchema,
  wirePhotoResponseSchema,
  wireQuoteRequestSchema,
  wireQuoteResponseSchema,
  wireRegisteredVehicleSchema,
} from './sandbox-motor.wire';

export interface HttpMotorProviderOptions {
  /** e.g. http://127.0.0.1:3100 */
  baseUrl: string;
  /** Per-call timeout when the caller gives none. */
  timeoutMs?: number;
}

/** The motor port over the sandbox insurers' HTTP contract. Every answer is checked against the contract. */
export class HttpMotorProvider implements MotorProvider {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly payloads = new WeakMap<MotorRisk, Buffer>();

  constructor(options: HttpMotorProviderOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  async listInsurers(options?: MotorCallOptions): Promise<MotorInsurer[]> {
    const body = await this.call('GET', '/insurers', undefined, wireInsurersResponseSchema, options);
    return body.insurers.map(fromWireInsurer);
  }

  async quote(insurerCode: string, risk: MotorRisk, options?: MotorCallOptions): Promise<MotorQuoteResult> {
    const call: ContractRequest = {
      baseUrl: this.baseUrl,
      method: 'POST',
      path: `/insurers/${encodeURIComponent(insurerCode)}/motor/quotes`,
      payload: this.quotePayload(risk),
      timeoutMs: options?.timeoutMs ?? this.timeoutMs,
      signal: options?.signal,
    };
    const answer = await answerJson(call, motorFailure);
    return readQuoteAnswer(answer.json) ?? fromWireQuote(checkContract(call, wireQuoteResponseSchema, answer, motorFailure));
  }

  /**
   * The quote request every insurer of a fan-out is sent, checked and serialised once per risk. A risk the
   * contract cannot carry is the caller's bug, not an insurer's failure: refused before any call.
   */
  private quotePayload(risk: MotorRisk): Buffer {
    let payload = this.payloads.get(risk);
    if (!payload) {
      const request = wireQuoteRequestSchema.safeParse(toWireQuoteRequest(risk));
      if (!request.success) throw new MotorProviderError('rejected', 'The risk does not fit the quote contract.', issuesToDetails(request.error.issues));
      payload = Buffer.from(JSON.stringify(request.data));
      this.payloads.set(risk, payload);
    }
    return payload;
  }

  async registerCustomsVehicle(vehicle: CustomsVehicle, options?: MotorCallOptions): Promise<CustomsVehicleRegistration> {
    const body = await this.call('POST', '/registry/vehicles', toWireRegisterVehicle(vehicle), wireRegisteredVehicleSchema, options);
    return fromWireRegisteredVehicle(body);
  }

  async submitVehiclePhotos(insurerCode: string, vehicle: VehicleKey, photos: VehiclePhotoUrls, options?: MotorCallOptions): Promise<VehiclePhotoRegistration> {
    const path = `/insurers/${encodeURIComponent(insurerCode)}/motor/photos`;
    const body = await this.call('POST', path, { vehicle: toWireVehicleKey(vehicle), photos }, wirePhotoResponseSchema, options);
    return { alreadyRegistered: body.status === 'already_registered', photos: body.photos };
  }

  async issuePolicy(insurerCode: string, p: MotorPolicyIssue, options?: MotorCallOptions): Promise<MotorIssuedPolicy> {
    const request = {
      reference: p.reference,
      payment_reference: p.paymentReference,
      offer_reference: p.offerReference,
      price_reference: p.priceReference,
      owner_id: p.ownerId,
      vehicle: toWireVehicleKey(p.vehicle),
      start_date: p.startDate,
      premium: p.premium.toFixed(2),
    };
    const body = await this.call('POST', `/insurers/${encodeURIComponent(insurerCode)}/motor/policies`, request, wireIssuedPolicySchema, options);
    return {
      policyNumber: body.policy_number,
      startDate: body.start_date,
      endDate: body.end_date,
      issuedAt: new Date(body.issued_at),
      alreadyIssued: body.already_issued,
    };
  }

  private call<T>(method: string, path: string, body: unknown, schema: ZodType<T>, options?: MotorCallOptions): Promise<T> {
    return callContract(
      { baseUrl: this.baseUrl, method, path, body, schema, timeoutMs: options?.timeoutMs ?? this.timeoutMs, signal: options?.signal },
      motorFailure,
    );
  }
}

const motorFailure: FailureFactory = (failure, message, details, status) => new MotorProviderError(failure, message, details, status);
