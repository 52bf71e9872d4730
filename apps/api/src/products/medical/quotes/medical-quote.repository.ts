import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService } from '@lib/db';
import type { MedicalQuoteRequest } from '@lib/db/generated/prisma/client';

export type { MedicalQuoteRequest };

export interface StoredMedicalQuote {
  quote_price_id: string;
  insurance_provider: string;
  insurance_provider_name: string;
  insurance_provider_name_ar: string;
  quote_reference: string;
  subtotal: string;
  vat: string;
  total_price: string;
  price_per_employee: string;
  currency: 'SAR';
  valid_until: string;
  employees: Array<{
    name: string;
    identifier: string;
    category: string;
    price: string;
    dependents: Array<{ name: string; relationship: string; price: string }>;
  }>;
  packages: Record<string, { name: string; name_ar: string; price: string; annual_limit: string; network: { name: string; hospitals: number } }>;
}

@Injectable()
export class MedicalQuoteRepository {
  constructor(private readonly prisma: PrismaService) {}

  create(data: {
    id: string;
    clientId: string;
    companyId: number;
    employees: unknown;
    quotes: StoredMedicalQuote[];
    failures: unknown;
    at: Date;
  }): Promise<MedicalQuoteRequest> {
    return this.prisma.medicalQuoteRequest.create({
      data: {
        id: data.id,
        clientId: data.clientId,
        companyId: data.companyId,
        employees: data.employees as Prisma.InputJsonValue,
        quotes: data.quotes as unknown as Prisma.InputJsonValue,
        failures: data.failures as Prisma.InputJsonValue,
        createdAt: data.at,
      },
    });
  }

  findForClient(clientId: string, id: string): Promise<MedicalQuoteRequest | null> {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return Promise.resolve(null);
    return this.prisma.medicalQuoteRequest.findFirst({ where: { id, clientId } });
  }

  /** The quote request read in `tx`; throws when there is none. */
  requireIn(tx: Prisma.TransactionClient, id: string): Promise<MedicalQuoteRequest> {
    return tx.medicalQuoteRequest.findUniqueOrThrow({ where: { id } });
  }

  findManyIn(tx: Prisma.TransactionClient, ids: string[]): Promise<MedicalQuoteRequest[]> {
    return tx.medicalQuoteRequest.findMany({ where: { id: { in: ids } } });
  }
}
