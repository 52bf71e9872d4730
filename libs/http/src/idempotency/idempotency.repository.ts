import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService } from '@lib/db';

export interface IdempotencyClaim {
  clientId: string;
  key: string;
  requestHash: string;
  method: string;
  path: string;
  now: Date;
  lockedUntil: Date;
  expiresAt: Date;
}

export type ClaimResult = { kind: 'claimed' } | { kind: 'running' } | { kind: 'mismatch' } | { kind: 'replay'; status: number; body: unknown };

@Injectable()
export class IdempotencyRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Takes the key for this request, or says why not. An expired key, or a running one whose
   * worker died (lock lapsed) for the same request, is taken over atomically.
   */
  async claim(c: IdempotencyClaim): Promise<ClaimResult> {
    const row = {
      clientId: c.clientId,
      key: c.key,
      requestHash: c.requestHash,
      method: c.method,
      path: c.path,
      state: 'running',
      lockedUntil: c.lockedUntil,
      expiresAt: c.expiresAt,
      createdAt: c.now,
    };
    try {
      await this.prisma.idempotencyKey.create({ data: row });
      return { kind: 'claimed' };
    } catch (e) {
      if (!(e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002')) throw e;
    }
    const taken = await this.prisma.idempotencyKey.updateMany({
      where: {
        clientId: c.clientId,
        key: c.key,
        OR: [{ expiresAt: { lte: c.now } }, { state: 'running', lockedUntil: { lte: c.now }, requestHash: c.requestHash }],
      },
      data: { ...row, responseStatus: null, responseBody: Prisma.DbNull },
    });
    if (taken.count === 1) return { kind: 'claimed' };

    const existing = await this.prisma.idempotencyKey.findUnique({ where: { clientId_key: { clientId: c.clientId, key: c.key } } });
    if (!existing) return this.claim(c);
    if (existing.requestHash !== c.requestHash) return { kind: 'mismatch' };
    if (existing.state === 'running') return { kind: 'running' };
    return { kind: 'replay', status: existing.responseStatus ?? 200, body: existing.responseBody };
  }

  async complete(clientId: string, key: string, status: number, body: unknown): Promise<void> {
    await this.prisma.idempotencyKey.update({
      where: { clientId_key: { clientId, key } },
      data: { state: 'done', responseStatus: status, responseBody: body === undefined || body === null ? Prisma.DbNull : (body as Prisma.InputJsonValue) },
    });
  }

  /** Forgets a claim whose request was refused or failed (it changed nothing), so the key may run again. */
  async release(clientId: string, key: string): Promise<void> {
    await this.prisma.idempotencyKey.deleteMany({ where: { clientId, key, state: 'running' } });
  }

  async purgeExpired(now: Date): Promise<number> {
    return (await this.prisma.idempotencyKey.deleteMany({ where: { expiresAt: { lte: now } } })).count;
  }
}
