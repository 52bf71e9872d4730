import type { ZodType } from 'zod';
import { issuesToDetails } from '@lib/common';
import { MotorProviderError } from '../motor/motor-provider.error';
import { wireErrorSchema } from '../motor/sandbox-motor.wire';
import type { MedicalCallOptions, MedicalInsurer, MedicalIssue, MedicalIssued, MedicalMember, MedicalProvider, MedicalQuoteResult } from './medical-provider.port';
import { wireMedicalInsurersSchema, wireMedicalIssuedSchema, wireMedicalQuoteRequestSchema, wireMedicalQuoteSchema } from './sandbox-medical.wire';

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
    const request = { reference: p.reference, quote_reference: p.quoteReference, company_cr: p.companyCr, members: p.members, premium: p.premium, payment_reference: p.paymentReference };
    const body = await this.call('POST', `/insurers/${encodeURIComponent(insurerCode)}/medical/policies`, request, wireMedicalIssuedSchema, options);
    return { policyNumber: body.policy_number, issuedAt: new Date(body.issued_at), startDate: body.start_date, endDate: body.end_date, alreadyIssued: body.already_issued };
  }

  private async call<T>(method: string, path: string, body: unknown, schema: ZodType<T>, options?: MedicalCallOptions): Promise<T> {
    const timeout = AbortSignal.timeout(options?.timeoutMs ?? this.timeoutMs);
    const signal = options?.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    const what = `${method} ${path}`;
    let status: number;
    let text: string;
    try {
      const res = await fetch(`${this.baseUrl}${path}`, {
        method,
        signal,
        headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      status = res.status;
      text = await res.text();
    } catch (err) {
      if (signal.aborted) throw new MotorProviderError('timeout', `${what} gave no answer in time.`);
      throw new MotorProviderError('unavailable', `${what} failed: ${(err as Error).message}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (status >= 500) throw new MotorProviderError('unavailable', `${what} answered HTTP ${status}.`, undefined, status);
    if (status >= 400) {
      const err = wireErrorSchema.safeParse(json);
      throw new MotorProviderError(status === 404 ? 'not_found' : 'rejected', err.success ? err.data.message : `${what} answered HTTP ${status}.`, err.success ? err.data.errors : undefined, status);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new MotorProviderError('bad_response', `${what} broke the contract.`, issuesToDetails(parsed.error.issues), status);
    return parsed.data;
  }
}
