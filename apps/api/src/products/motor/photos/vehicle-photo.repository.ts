import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService } from '@lib/db';
import type { VehiclePhotoUrls } from '@lib/providers';

export interface PhotoRegistrationInput {
  clientId: string;
  quoteRequestId: number;
  offerId: string;
  priceId: string;
  insurerCode: string;
  vehicleKey: string;
  alreadyRegistered: boolean;
  /** The set the insurer keeps. */
  photos: VehiclePhotoUrls;
  at: Date;
}

/** Which insurers accepted vehicle photos for which quote requests (and the offer and price they were checked for). */
@Injectable()
export class VehiclePhotoRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Records the registration and makes the kept set the quote request's `attachments`, in one transaction. */
  async record(r: PhotoRegistrationInput): Promise<void> {
    await this.prisma.$transaction([
      this.prisma.motorPhotoRegistration.create({
        data: {
          id: randomUUID(),
          clientId: r.clientId,
          quoteRequestId: r.quoteRequestId,
          offerId: r.offerId,
          priceId: r.priceId,
          insurerCode: r.insurerCode,
          vehicleKey: r.vehicleKey,
          alreadyRegistered: r.alreadyRegistered,
          photos: r.photos as unknown as Prisma.InputJsonValue,
          createdAt: r.at,
        },
      }),
      this.prisma.motorQuoteRequest.updateMany({
        where: { id: r.quoteRequestId, clientId: r.clientId },
        data: { attachments: r.photos as unknown as Prisma.InputJsonValue, updatedAt: r.at },
      }),
    ]);
  }

  /**
   * Whether vehicle photos were registered for this quote request: with `insurerCode`, with that insurer
   * (each insurer keeps its own set, so comprehensive cover of insurer X needs photos registered with X).
   * The issue-OTP step refuses comprehensive cover while this is false.
   */
  async photosRegistered(quoteRequestId: number, insurerCode?: string): Promise<boolean> {
    const n = await this.prisma.motorPhotoRegistration.count({ where: { quoteRequestId, ...(insurerCode ? { insurerCode } : {}) } });
    return n > 0;
  }
}
