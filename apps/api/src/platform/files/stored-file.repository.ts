import { Injectable } from '@nestjs/common';
import { PrismaService } from '@lib/db';

export interface StoredFileRow {
  id: string;
  clientId: string;
  kind: string;
  contentType: string;
  size: number;
  sha256: string;
  createdAt: Date;
}

@Injectable()
export class StoredFileRepository {
  constructor(private readonly prisma: PrismaService) {}

  create(row: StoredFileRow): Promise<StoredFileRow> {
    return this.prisma.storedFile.create({ data: row });
  }

  find(id: string): Promise<StoredFileRow | null> {
    return this.prisma.storedFile.findUnique({ where: { id } });
  }

  async deleteMany(ids: string[]): Promise<void> {
    if (ids.length) await this.prisma.storedFile.deleteMany({ where: { id: { in: ids } } });
  }
}
