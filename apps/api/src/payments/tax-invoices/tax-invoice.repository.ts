import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService } from '@lib/db';
import type { TaxInvoice } from '@lib/db/generated/prisma/client';

export type { TaxInvoice };

export type NewTaxInvoice = Omit<Prisma.TaxInvoiceUncheckedCreateInput, 'id' | 'sequence' | 'number'>;

/** Simplified tax invoices and each seller's counter. */
@Injectable()
export class TaxInvoiceRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * The seller's next number, in the caller's transaction. The upsert takes the counter row's lock until the
   * transaction ends, so a concurrent activation for the same seller waits and gets the following number, and a
   * rolled-back one gives its number back: no repeats, no gaps.
   *
   *   INSERT INTO tax_invoice_counters (seller_code, last_number) VALUES ($1, 1)
   *   ON CONFLICT (seller_code) DO UPDATE SET last_number = tax_invoice_counters.last_number + 1 RETURNING last_number
   */
  async nextNumber(tx: Prisma.TransactionClient, sellerCode: string): Promise<number> {
    const [row] = await tx.$queryRaw<Array<{ last_number: number }>>`
      INSERT INTO "tax_invoice_counters" ("seller_code", "last_number") VALUES (${sellerCode}, 1)
      ON CONFLICT ("seller_code") DO UPDATE SET "last_number" = "tax_invoice_counters"."last_number" + 1
      RETURNING "last_number"`;
    return Number(row.last_number);
  }

  create(tx: Prisma.TransactionClient, invoice: NewTaxInvoice, sequence: number, number: string): Promise<TaxInvoice> {
    return tx.taxInvoice.create({ data: { id: randomUUID(), ...invoice, sequence, number } });
  }

  /** A policy's invoices (several only for a payment shared by sellers), in number order. */
  forPolicy(policyType: string, policyId: number): Promise<TaxInvoice[]> {
    return this.prisma.taxInvoice.findMany({ where: { policyType, policyId }, orderBy: [{ sellerCode: 'asc' }, { sequence: 'asc' }] });
  }

  /** A payment's invoices, scoped to the client that owns it. */
  forPayment(clientId: string, paymentId: string): Promise<TaxInvoice[]> {
    return this.prisma.taxInvoice.findMany({ where: { clientId, paymentId }, orderBy: [{ sellerCode: 'asc' }] });
  }

  /** Which of these payments have an invoice (for the payment records' links). */
  async invoicedPayments(paymentIds: string[]): Promise<Set<string>> {
    if (!paymentIds.length) return new Set();
    const rows = await this.prisma.taxInvoice.findMany({ where: { paymentId: { in: paymentIds } }, select: { paymentId: true }, distinct: ['paymentId'] });
    return new Set(rows.map((r) => r.paymentId));
  }
}
