import { Injectable } from '@nestjs/common';
import { ApiError } from '@lib/common';
import { Prisma, PrismaService } from '@lib/db';
import type { MedicalCompany } from '@lib/db/generated/prisma/client';
import { TestClocks } from '../../../platform/test-clocks/test-clocks';
import type { CreateCompanyInput } from './company.schema';

export type { MedicalCompany };

@Injectable()
export class MedicalCompanyRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly testClocks: TestClocks,
  ) {}

  async create(clientId: string, c: CreateCompanyInput, at: Date): Promise<MedicalCompany> {
    try {
      // A company created on a sandbox test clock: everything done for it later follows the clock.
      return await this.prisma.$transaction(async (tx) => {
        const company = await tx.medicalCompany.create({
          data: {
            clientId,
            name: c.name,
            nameAr: c.name_ar,
            commercialRegistrationNumber: c.commercial_registration_number,
            sponsorNumber: c.sponsor_number,
            unifiedNationalNumber: c.unified_national_number,
            emailAddress: c.email_address,
            phoneNumber: c.phone_number,
            city: c.city,
            size: c.size,
            createdAt: at,
            updatedAt: at,
          },
        });
        await this.testClocks.attach(tx, { type: 'company', key: String(company.id) });
        return company;
      });
    } catch (err) {
      if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') {
        throw ApiError.field('commercial_registration_number', 'A company with this commercial registration number already exists.');
      }
      throw err;
    }
  }

  /** A console page of every client's companies and the total. */
  adminPage(
    f: { ids?: number[]; clientId?: string; q?: string },
    orderBy: Prisma.MedicalCompanyOrderByWithRelationInput[],
    skip: number,
    take: number,
  ): Promise<[MedicalCompany[], number]> {
    const where: Prisma.MedicalCompanyWhereInput = {
      ...(f.ids ? { id: { in: f.ids } } : {}),
      ...(f.clientId ? { clientId: f.clientId } : {}),
      ...(f.q ? { OR: [{ name: { contains: f.q, mode: 'insensitive' as const } }, { nameAr: { contains: f.q } }, { commercialRegistrationNumber: f.q }] } : {}),
    };
    return this.prisma.$transaction([this.prisma.medicalCompany.findMany({ where, orderBy, skip, take }), this.prisma.medicalCompany.count({ where })]);
  }

  /** Any client's company (the console's). */
  findAny(id: number): Promise<MedicalCompany | null> {
    return this.prisma.medicalCompany.findUnique({ where: { id } });
  }

  list(clientId: string): Promise<MedicalCompany[]> {
    return this.prisma.medicalCompany.findMany({ where: { clientId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  }

  findForClient(clientId: string, id: number): Promise<MedicalCompany | null> {
    return this.prisma.medicalCompany.findFirst({ where: { id, clientId } });
  }

  /** The client's company or a 404 (another client's company is not found, never forbidden). */
  async require(clientId: string, id: number): Promise<MedicalCompany> {
    const found = await this.findForClient(clientId, id);
    if (!found) throw ApiError.notFound('No medical company with this id.');
    await this.testClocks.adopt({ type: 'company', key: String(found.id) });
    return found;
  }

  /** The company read in `tx`; throws when there is none. */
  requireIn(tx: Prisma.TransactionClient, id: number): Promise<MedicalCompany> {
    return tx.medicalCompany.findUniqueOrThrow({ where: { id } });
  }
}
