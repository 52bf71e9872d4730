import { Injectable } from '@nestjs/common';
import { batchedRead, Prisma, PrismaService } from '@lib/db';
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

  /** The clock a resource runs on, with its time, or null. */
  clockOf(resource: ClockedResource, clientId?: string): Promise<Pick<TestClock, 'id' | 'frozenTime'> | null> {
    return this.clockOfOne({ resource, clientId });
  }

  /** A console page adopts the clocks of its rows at once (a medical company's amount due): one statement. */
  private readonly clockOfOne = batchedRead(
    async (keys: Array<{ resource: ClockedResource; clientId?: string }>): Promise<Array<Pick<TestClock, 'id' | 'frozenTime'> | null>> => {
      const rows = await this.prisma.testClockAttachment.findMany({
        where: { OR: keys.map((k) => ({ resourceType: k.resource.type, resourceKey: k.resource.key })) },
        select: { resourceType: true, resourceKey: true, clock: { select: { id: true, frozenTime: true, clientId: true } } },
      });
      return keys.map((k) => {
        // one attachment per resource (unique type and key)
        const row = rows.find((r) => r.resourceType === k.resource.type && r.resourceKey === k.resource.key);
        return row && (!k.clientId || row.clock.clientId === k.clientId) ? { id: row.clock.id, frozenTime: row.clock.frozenTime } : null;
      });
    },
  );

  /** Inside the transaction that creates the resource (when it has one), so a resource never exists without its clock. */
  async attach(tx: Prisma.TransactionClient | null, clockId: string, resource: ClockedResource, at: Date): Promise<void> {
    await (tx ?? this.prisma).testClockAttachment.upsert({
      where: { resourceType_resourceKey: { resourceType: resource.type, resourceKey: resource.key } },
      create: { resourceType: resource.type, resourceKey: resource.key, clockId, createdAt: at },
      update: {},
    });
  }
}
