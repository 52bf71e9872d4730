import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { PrismaService } from '@lib/db';

/** What an uploaded document shows. */
export const DOCUMENT_CATEGORIES = ['home', 'valuables', 'surroundings', 'other'] as const;

export interface NewPropertyDocument {
  clientId: string;
  policyId: number;
  category: string;
  fileId: string;
  contentType: string;
  size: number;
  createdAt: Date;
}

@Injectable()
export class PropertyDocumentRepository {
  constructor(private readonly prisma: PrismaService) {}

  countFor(policyId: number): Promise<number> {
    return this.prisma.propertyDocument.count({ where: { policyId } });
  }

  async addAll(docs: NewPropertyDocument[]): Promise<void> {
    await this.prisma.propertyDocument.createMany({ data: docs.map((d) => ({ id: randomUUID(), ...d })) });
  }
}
