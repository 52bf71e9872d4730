import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService } from '@lib/db';
import type { TestClock } from '@lib/db/generated/prisma/client';

export type { TestClock };

/** What a resource is attached as: see TestClockAttachment in the schema. */
export type ClockedResourceType = 'quote_request' | 'offer' | 'policy' | 'company' | 'payment';

export interface ClockedResource {
  type: ClockedResourceType;
  key: string;
}

/** Every query on test clocks and their attachments. */
@Injectable()
export class TestClockRepository {
  constructor(private readonly prisma: PrismaService) {}

  create(data: { id: string; clientId: string; name: string | null; frozenTime: Date; at: Date }): Promise<TestClock> {
    return this.prisma.testClock.create({
      data: { id: data.id, clientId: data.clientId, name: data.name, frozenTime: data.frozenTime, createdAt: data.at, updatedAt: data.at },
    });
  }

  listOf(clientId: string): Promise<TestClock[]> {
    return this.prisma.testClock.findMany({ where: { clientId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 100 });
  }

  countOf(clientId: string): Promise<number> {
    return this.prisma.testClock.count({ where: { clientId } });
  }

  find(id: string, clientId: string): Promise<TestClock | null> {
    return this.prisma.testClock.findFirst({ where: { id, clientId } });
  }

  /** Moves the clock forward only: a concurrent advance to a later time wins. Null when nothing moved. */
  async advance(id: string, clientId: string, to: Date, at: Date): Promise<TestClock | null> {
    const moved = await this.prisma.testClock.updateMany({ where: { id, clientId, frozenTime: { lt: to } }, data: { frozenTime: to, updatedAt: at } });
    return moved.count ? this.find(id, clientId) : null;
  }

  /** Deletes the clock; its resources go back to real time (their attachments go with it). */
  async delete(id: string, clientId: string): Promise<boolean> {
    return (await this.prisma.testClock.deleteMany({ where: { id, clientId } })).count > 0;
  }

  async attachmentCounts(clockId: string): Promise<Record<string, number>> {
    const rows = await this.prisma.testClockAttachment.groupBy({ by: ['resourceType'], where: { clockId }, _count: { _all: true } });
    return Object.fromEntries(rows.map((r) => [r.resourceType, r._count._all]));
  }

  /** The clock a resource runs on, with its time, or null (also when it is not `clientId`'s clock). */
  async clockOf(resource: ClockedResource, clientId?: string): Promise<Pick<TestClock, 'id' | 'frozenTime'> | null> {
    const row = await this.prisma.testClockAttachment.findUnique({
      where: { resourceType_resourceKey: { resourceType: resource.type, resourceKey: resource.key } },
      select: { clock: { select: { id: true, frozenTime: true, clientId: true } } },
    });
    return row && (!clientId || row.clock.clientId === clientId) ? { id: row.clock.id, frozenTime: row.clock.frozenTime } : null;
  }

  /** Inside the transaction that creates the resource (when it has one), so a resource never exists without its clock. */
  async attach(tx: Prisma.TransactionClient | null, clockId: string, resource: ClockedResource, at: Date): Promise<void> {
    await (tx ?? this.prisma).testClockAttachment.upsert({
      where: { resourceType_resourceKey: { resourceType: resource.type, resourceKey: resource.key } },
      create: { resourceType: resource.type, resourceKey: resource.key, clockId, createdAt: at },
      update: {},
    });
  }
}
