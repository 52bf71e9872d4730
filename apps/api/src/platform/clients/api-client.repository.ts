import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService } from '@lib/db';
import type { ApiClient, ApiClientContact } from '@lib/db/generated/prisma/client';

export type { ApiClient, ApiClientContact };

@Injectable()
export class ApiClientRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Client names by id, for lists that show whose rows they are. */
  async namesOf(ids: string[]): Promise<Map<string, string>> {
    const rows = ids.length ? await this.prisma.apiClient.findMany({ where: { id: { in: [...new Set(ids)] } }, select: { id: true, name: true } }) : [];
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  findById(id: string): Promise<ApiClient | null> {
    return this.prisma.apiClient.findUnique({ where: { id } });
  }

  /** Times from the service clock, like every other record (the dashboard counts clients by day on it). */
  create(data: { id: string; name: string; secretHash: string; products: string[] }, at: Date): Promise<ApiClient> {
    return this.prisma.apiClient.create({ data: { ...data, createdAt: at, updatedAt: at, secretRotatedAt: at } });
  }

  /** Replaces the secret and bumps its version, which revokes every token issued before. */
  rotateSecret(id: string, secretHash: string, at: Date): Promise<ApiClient> {
    return this.prisma.apiClient.update({
      where: { id },
      data: { secretHash, secretVersion: { increment: 1 }, secretRotatedAt: at },
    });
  }

  setProducts(id: string, products: string[]): Promise<ApiClient> {
    return this.prisma.apiClient.update({ where: { id }, data: { products } });
  }

  setActive(id: string, active: boolean): Promise<ApiClient> {
    return this.prisma.apiClient.update({ where: { id }, data: { active } });
  }

  list(): Promise<ApiClient[]> {
    return this.prisma.apiClient.findMany({ orderBy: { createdAt: 'asc' } });
  }

  /** The same repository over a transaction: its writes commit with the rest of that transaction's work. */
  static inTransaction(tx: Prisma.TransactionClient): ApiClientRepository {
    return new ApiClientRepository(tx as unknown as PrismaService);
  }

  /** A console page of clients with their contacts, and the total: three statements whatever the page size. */
  async pageWithContacts(
    f: { ids?: string[]; active?: boolean; product?: string; q?: string },
    orderBy: Prisma.ApiClientOrderByWithRelationInput[],
    skip: number,
    take: number,
  ): Promise<[Array<{ client: ApiClient; contact: ApiClientContact | undefined }>, number]> {
    const where: Prisma.ApiClientWhereInput = {
      ...(f.ids ? { id: { in: f.ids } } : {}),
      ...(f.active !== undefined ? { active: f.active } : {}),
      ...(f.product ? { products: { has: f.product } } : {}),
      ...(f.q ? { OR: [{ name: { contains: f.q, mode: 'insensitive' as const } }, ...(/^[0-9a-f-]{36}$/i.test(f.q) ? [{ id: f.q }] : [])] } : {}),
    };
    const [rows, total] = await Promise.all([this.prisma.apiClient.findMany({ where, orderBy, skip, take }), this.prisma.apiClient.count({ where })]);
    const contacts = rows.length ? await this.prisma.apiClientContact.findMany({ where: { clientId: { in: rows.map((r) => r.id) } } }) : [];
    const byId = new Map(contacts.map((c) => [c.clientId, c]));
    return [rows.map((client) => ({ client, contact: byId.get(client.id) })), total];
  }

  contactOf(clientId: string): Promise<ApiClientContact | null> {
    return this.prisma.apiClientContact.findUnique({ where: { clientId } });
  }

  rename(id: string, name: string): Promise<ApiClient> {
    return this.prisma.apiClient.update({ where: { id }, data: { name } });
  }

  /** Stores the contact, or removes it when every field is empty: the stored contact, or null. */
  async saveContact(
    clientId: string,
    data: { contactName: string | null; contactEmail: string | null; contactPhone: string | null; updatedAt: Date },
  ): Promise<ApiClientContact | null> {
    if (!data.contactName && !data.contactEmail && !data.contactPhone) {
      await this.prisma.apiClientContact.deleteMany({ where: { clientId } });
      return null;
    }
    return this.prisma.apiClientContact.upsert({ where: { clientId }, create: { clientId, ...data }, update: data });
  }

  /** How many clients there are, and how many are active (for the dashboard). */
  async counts(): Promise<{ total: number; active: number }> {
    const [total, active] = await Promise.all([this.prisma.apiClient.count(), this.prisma.apiClient.count({ where: { active: true } })]);
    return { total, active };
  }

  /** When each client created in [from, to) was created. */
  createdBetween(from: Date, to: Date): Promise<Array<{ createdAt: Date }>> {
    return this.prisma.apiClient.findMany({ where: { createdAt: { gte: from, lt: to } }, select: { createdAt: true } });
  }

  /** Whether the client exists and is active. */
  async isActive(id: string): Promise<boolean> {
    const client = await this.prisma.apiClient.findUnique({ where: { id }, select: { active: true } });
    return client?.active ?? false;
  }
}
