import type { ZodType } from 'zod';
import { issuesToDetails } from '@lib/common';
import { MotorProviderError } from '../motor/motor-provider.error';
import { callContract, lookupContract } from '../shared/contract-call';
import type {
  MedicalCallOptions,
  MedicalInsurer,
  MedicalIssue,
  MedicalIssued,
  MedicalMember,
  MedicalProvider,
  MedicalQuoteResult,
} from './medical-provider.port';
import {
  wireMedicalInsurersSchema,
  wireMedicalIssuedSchema,
  wireMedicalQuoteRequestSchema,
  wireMedicalQuoteSchema,
  wireRegisteredStaffSchema,
  type WireRegisteredStaff,
} from './sandbox-medical.wire';

/** Medical insurers fail the same ways motor ones do, so the same error type carries it. */
export { MotorProviderError as MedicalProviderError };

/** The medical port over the sandbox insurers' HTTP contract; every answer is checked against it. */
export class HttpMedicalProvider implements MedicalProvider {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(options: { baseUrl: string; timeoutMs?: number }) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  async listInsurers(options?: MedicalCallOptions): Promise<MedicalInsurer[]> {
    return (await this.call('GET', '/medical/insurers', undefined, wireMedicalInsurersSchema, options)).insurers;
  }

  async quote(insurerCode: string, companyCr: string, members: MedicalMember[], options?: MedicalCallOptions): Promise<MedicalQuoteResult> {
    const request = wireMedicalQuoteRequestSchema.safeParse({ company_cr: companyCr, members });
    if (!request.success) throw new MotorProviderError('rejected', 'The members do not fit the quote contract.', issuesToDetails(request.error.issues));
    const body = await this.call('POST', `/insurers/${encodeURIComponent(insurerCode)}/medical/quotes`, request.data, wireMedicalQuoteSchema, options);
    return { quoteReference: body.quote_reference, members: body.members, subtotal: body.subtotal, validUntil: body.valid_until };
  }

  async issuePolicy(insurerCode: string, p: MedicalIssue, options?: MedicalCallOptions): Promise<MedicalIssued> {
    const request = {
      reference: p.reference,
      quote_reference: p.quoteReference,
      company_cr: p.companyCr,
      members: p.members,
      premium: p.premium,
      payment_reference: p.paymentReference,
    };
    const body = await this.call('POST', `/insurers/${encodeURIComponent(insurerCode)}/medical/policies`, request, wireMedicalIssuedSchema, options);
    return {
      policyNumber: body.policy_number,
      issuedAt: new Date(body.issued_at),
      startDate: body.start_date,
      endDate: body.end_date,
      alreadyIssued: body.already_issued,
    };
  }

  async registeredStaff(companyCr: string, options?: MedicalCallOptions): Promise<WireRegisteredStaff['employees'] | null> {
    const found = await lookupContract(
      {
        baseUrl: this.baseUrl,
        method: 'GET',
        path: `/registry/companies/${encodeURIComponent(companyCr)}/employees`,
        body: undefined,
        schema: wireRegisteredStaffSchema,
        timeoutMs: options?.timeoutMs ?? this.timeoutMs,
        signal: options?.signal,
      },
      (failure, message, details) => new MotorProviderError(failure, message, details),
    );
    return found?.employees ?? null;
  }

  private call<T>(method: string, path: string, body: unknown, schema: ZodType<T>, options?: MedicalCallOptions): Promise<T> {
    return callContract(
      { baseUrl: this.baseUrl, method, path, body, schema, timeoutMs: options?.timeoutMs ?? this.timeoutMs, signal: options?.signal },
      (failure, message, details, status) => new MotorProviderError(failure, message, details, status),
    );
  }
}
