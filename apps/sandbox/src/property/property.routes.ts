import type { FastifyInstance } from 'fastify';
import { amountString, formatDateTimeOffset, parseShortAddress } from '@lib/common';
import {
  wireCancelRequestSchema,
  wirePropertyIssueRequestSchema,
  wirePropertyRiskSchema,
  type WireCancellationStatus,
  type WireNationalAddress,
  type WirePropertyIssued,
  type WirePropertyPrice,
} from '@lib/providers';
import { behaviourOf, simulateInsurer } from '../insurers/insurer-simulation';
import type { SandboxContext } from '../sandbox-context';
import { parseOr422, SandboxHttpError } from '../sandbox-http';
import { findNationalAddress } from './national-address.data';
import { findPropertyInsurer, PROPERTY_INSURERS, propertyInsurerNames, type PropertyInsurerProfile } from './property-insurers.data';
import { PropertyIssuedStore } from './property-issued.store';
import { pricePropertyRisk } from './property-pricing';

function insurerOr404(code: string): PropertyInsurerProfile {
  const insurer = findPropertyInsurer(code);
  if (!insurer) throw new SandboxHttpError(404, 'not_found', `Property insurer "${code}" not found.`);
  return insurer;
}

/** A one-page PDF, small but well-formed, so viewers open it. */
function policyPdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, '');
  const stream = `BT /F1 14 Tf 50 780 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export function registerPropertyRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const issued = new PropertyIssuedStore(ctx.policyNumbers);
  const policyIdOr404 = (insurer: PropertyInsurerProfile, id: string): string => {
    if (!issued.issuedBy(insurer.code, id)) throw new SandboxHttpError(404, 'not_found', 'No such policy.');
    return id;
  };
  app.get('/property/insurers', async () => ({
    insurers: PROPERTY_INSURERS.map((i) => {
      const names = propertyInsurerNames(i.code);
      return { code: i.code, name_en: names.nameEn, name_ar: names.nameAr };
    }),
  }));

  app.post<{ Params: { code: string } }>('/insurers/:code/property/prices', async (request, reply) => {
    const insurer = insurerOr404(request.params.code);
    if (await simulateInsurer(behaviourOf(ctx, request, insurer.code, 'property'), reply, ctx.lifecycle)) return reply;
    const risk = parseOr422(wirePropertyRiskSchema, request.body);
    const names = propertyInsurerNames(insurer.code);
    const body: WirePropertyPrice = {
      insurer_code: insurer.code,
      name_en: names.nameEn,
      name_ar: names.nameAr,
      logo_url: names.hasLogo ? `${ctx.baseUrl(request)}/logos/${insurer.code}-wide.svg` : null,
      coverages: insurer.coverages,
      net_premium: amountString(pricePropertyRisk(insurer, risk)),
    };
    return body;
  });

  app.post<{ Params: { code: string } }>('/insurers/:code/property/policies', async (request, reply) => {
    const insurer = insurerOr404(request.params.code);
    if (await simulateInsurer(behaviourOf(ctx, request, insurer.code, 'property'), reply, ctx.lifecycle)) return reply;
    const input = parseOr422(wirePropertyIssueRequestSchema, request.body);
    if (input.end_date <= input.start_date) throw SandboxHttpError.validation({ end_date: ['The end date must be after the start date.'] });
    const id = issued.issueOnce(insurer.code, input.reference);
    const body: WirePropertyIssued = {
      provider_policy_id: id,
      policy_document_url: `${ctx.baseUrl(request)}/insurers/${insurer.code}/property/policies/${id}/document.pdf`,
    };
    return reply.status(201).send(body);
  });

  app.get<{ Params: { code: string; id: string } }>('/insurers/:code/property/policies/:id/document.pdf', async (request, reply) => {
    const insurer = insurerOr404(request.params.code);
    const id = policyIdOr404(insurer, request.params.id);
    return reply.type('application/pdf').send(policyPdf(`${propertyInsurerNames(insurer.code).nameEn} home policy ${id} (sandbox, no real cover)`));
  });

  app.get<{ Params: { code: string; id: string } }>('/insurers/:code/property/policies/:id/cancellation-status', async (request, reply) => {
    const insurer = insurerOr404(request.params.code);
    if (await simulateInsurer(behaviourOf(ctx, request, insurer.code, 'property'), reply, ctx.lifecycle)) return reply;
    const id = policyIdOr404(insurer, request.params.id);
    const cancelled = ctx.propertyCancellations.get(id);
    const body: WireCancellationStatus = {
      provider_policy_id: id,
      status: cancelled ? 'cancelled' : 'active',
      cancelled_at: cancelled ? formatDateTimeOffset(cancelled.at) : null,
    };
    return body;
  });

  app.post<{ Params: { code: string; id: string } }>('/insurers/:code/property/policies/:id/cancellation', async (request, reply) => {
    const insurer = insurerOr404(request.params.code);
    if (await simulateInsurer(behaviourOf(ctx, request, insurer.code, 'property'), reply, ctx.lifecycle)) return reply;
    const id = policyIdOr404(insurer, request.params.id);
    const input = parseOr422(wireCancelRequestSchema, request.body);
    const entry = ctx.propertyCancellations.cancel(id, ctx.clock.now(), input.reason);
    const body: WireCancellationStatus = { provider_policy_id: id, status: 'cancelled', cancelled_at: formatDateTimeOffset(entry.at) };
    return body;
  });

  app.get<{ Params: { short: string } }>('/registry/national-addresses/:short', async (request) => {
    const parsed = parseShortAddress(request.params.short);
    if (!parsed) throw SandboxHttpError.validation({ short_address: ['The short address must be four letters then four digits.'] });
    const found = findNationalAddress(parsed.code);
    if (!found) throw new SandboxHttpError(404, 'not_found', 'No national address has this short address.');
    const body: WireNationalAddress = {
      short_address: found.shortAddress,
      building_number: found.buildingNumber,
      zip_code: found.zipCode,
      additional_number: found.additionalNumber,
      street_name: found.streetName,
      district_name: found.districtName,
      city_name: found.cityName,
    };
    return body;
  });
}
