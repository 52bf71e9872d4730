import { Injectable } from '@nestjs/common';
import { ApiError } from '@lib/common';
import { Prisma, PrismaService } from '@lib/db';

export interface MotorCustomerDetails {
  clientId: string;
  ownerId: string;
  email: string;
  phone: string;
  at: Date;
}

@Injectable()
export class MotorCustomerRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Records the customer's current contact details. An email address belongs to one customer (owner id)
   * of the client only: using another customer's address is refused.
   */
  async remember(c: MotorCustomerDetails): Promise<void> {
    const holder = await this.prisma.motorCustomer.findUnique({ where: { clientId_email: { clientId: c.clientId, email: c.email } } });
    if (holder && holder.ownerId !== c.ownerId) throw emailTaken();
    try {
      await this.prisma.motorCustomer.upsert({
        where: { clientId_ownerId: { clientId: c.clientId, ownerId: c.ownerId } },
        create: { clientId: c.clientId, ownerId: c.ownerId, email: c.email, phone: c.phone, createdAt: c.at, updatedAt: c.at },
        update: { email: c.email, phone: c.phone, updatedAt: c.at },
      });
    } catch (e) {
      if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002') throw emailTaken();
      throw e;
    }
  }
}

function emailTaken(): ApiError {
  return ApiError.field('email', 'The email is already used by another customer. One address belongs to one customer only.');
}
