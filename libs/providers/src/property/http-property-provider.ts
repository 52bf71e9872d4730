import type { ZodType } from 'zod';
import { amountString, money } from '@lib/common';
import { callContract } from '../shared/contract-call';
import { PropertyProviderError } from './property-provider.error';
import type {
  IssuedPropertyPolicy,
  NationalAddress,
  PropertyCallOptions,
  PropertyInsurer,
  PropertyIssue,
  PropertyProvider,
  PropertyQuote,
  PropertyRisk,
  ProviderCancellationStatus,
} from './property-provider.port';
import {
  wireCancellationStatusSchema,
  wireNationalAddressSchema,
  wirePropertyInsurersSchema,
  wirePropertyIssuedSchema,
  wirePropertyPriceSchema,
  type WireCancellationStatus,
  type WirePropertyRisk,
} from './sandbox-property.wire';

export interface HttpPropertyProviderOptions {
  baseUrl: string;
  timeoutMs?: number;
}

export function toWirePropertyRisk(r: PropertyRisk): WirePropertyRisk {
  return {
    building_type: r.buildingType,
    building_age: r.buildingAge,
    apartment_size: r.apartmentSize,
    city_name: r.city,
    property_cost: r.propertyCost ? amountString(r.propertyCost) : null,
    contents_cost: r.contentsCost ? amountString(r.contentsCost) : null,
  };
}

function fromWireStatus(w: WireCancellationStatus): ProviderCancellationStatus {
  return { status: w.status, cancelledAt: w.cancelled_at ? new Date(w.cancelled_at) : null };
}

/** The property port over the sandbox's HTTP contract; every answer is checked against the contract. */
export class HttpPropertyProvider implements PropertyProvider {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(options: HttpPropertyProviderOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 20_000;
  }

  async listInsurers(options?: PropertyCallOptions): Promise<PropertyInsurer[]> {
    const body = await this.call('GET', '/property/insurers', undefined, wirePropertyInsurersSchema, options);
    return body.insurers.map((i) => ({ code: i.code, nameEn: i.name_en, nameAr: i.name_ar }));
  }

  async price(insurerCode: string, risk: PropertyRisk, options?: PropertyCallOptions): Promise<PropertyQuote> {
    const body = await this.call('POST', `${this.insurer(insurerCode)}/prices`, toWirePropertyRisk(risk), wirePropertyPriceSchema, options);
    return {
      insurerCode: body.insurer_code,
      nameEn: body.name_en,
      nameAr: body.name_ar,
      logoUrl: body.logo_url,
      coverages: body.coverages,
      netPremium: money(body.net_premium),
    };
  }

  async issue(insurerCode: string, p: PropertyIssue, options?: PropertyCallOptions): Promise<IssuedPropertyPolicy> {
    const wire = { reference: p.reference, risk: toWirePropertyRisk(p.risk), start_date: p.startDate, end_date: p.endDate, insured_id: p.insuredId };
    const body = await this.call('POST', `${this.insurer(insurerCode)}/policies`, wire, wirePropertyIssuedSchema, options);
    return { providerPolicyId: body.provider_policy_id, documentUrl: body.policy_document_url };
  }

  async cancellationStatus(insurerCode: string, providerPolicyId: string, options?: PropertyCallOptions): Promise<ProviderCancellationStatus> {
    const path = `${this.insurer(insurerCode)}/policies/${encodeURIComponent(providerPolicyId)}/cancellation-status`;
    return fromWireStatus(await this.call('GET', path, undefined, wireCancellationStatusSchema, options));
  }

  async cancel(
    insurerCode: string,
    providerPolicyId: string,
    request: { reason: string | null; effectiveDate: string },
    options?: PropertyCallOptions,
  ): Promise<ProviderCancellationStatus> {
    const path = `${this.insurer(insurerCode)}/policies/${encodeURIComponent(providerPolicyId)}/cancellation`;
    const body = { reason: request.reason, effective_date: request.effectiveDate };
    return fromWireStatus(await this.call('POST', path, body, wireCancellationStatusSchema, options));
  }

  async nationalAddress(shortCode: string, options?: PropertyCallOptions): Promise<NationalAddress> {
    const w = await this.call('GET', `/registry/national-addresses/${encodeURIComponent(shortCode)}`, undefined, wireNationalAddressSchema, options);
    return {
      buildingNumber: w.building_number,
      zipCode: w.zip_code,
      additionalNumber: w.additional_number,
      streetName: w.street_name,
      districtName: w.district_name,
      cityName: w.city_name,
    };
  }

  private insurer(code: string): string {
    return `/insurers/${encodeURIComponent(code)}/property`;
  }

  private call<T>(method: string, path: string, body: unknown, schema: ZodType<T>, options?: PropertyCallOptions): Promise<T> {
    return callContract(
      { baseUrl: this.baseUrl, method, path, body, schema, timeoutMs: options?.timeoutMs ?? this.timeoutMs, signal: options?.signal },
      (failure, message, details, status) => new PropertyProviderError(failure, message, failure === 'bad_response' ? undefined : details, status),
    );
  }
}
