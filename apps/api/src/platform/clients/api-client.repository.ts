import { Injectable } from '@nestjs/common';
import { PrismaService } from '@lib/db';
import type { ApiClient } from '@lib/db/generated/prisma/client';

export type { ApiClient };

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
}
