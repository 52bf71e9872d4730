import { Injectable } from '@nestjs/common';
import { Prisma, PrismaService } from '@lib/db';
import type { MedicalEmployee } from '@lib/db/generated/prisma/client';
import type { EmployeeInput } from './employee.schema';

export type { MedicalEmployee };

@Injectable()
export class MedicalEmployeeRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Employees and those still to declare, per company, in two statements. */
  async countsOf(companyIds: number[]): Promise<Map<number, { employees: number; undeclared: number }>> {
    if (!companyIds.length) return new Map();
    const [all, undeclared] = await Promise.all([
      this.prisma.medicalEmployee.groupBy({ by: ['companyId'], where: { companyId: { in: companyIds } }, _count: { _all: true } }),
      this.prisma.medicalEmployee.groupBy({ by: ['companyId'], where: { companyId: { in: companyIds }, declaredAt: null }, _count: { _all: true } }),
    ]);
    const undeclaredOf = new Map(undeclared.map((r) => [r.companyId, r._count._all]));
    return new Map(companyIds.map((id) => [id, { employees: all.find((r) => r.companyId === id)?._count._all ?? 0, undeclared: undeclaredOf.get(id) ?? 0 }]));
  }

  list(companyId: number, tx: Prisma.TransactionClient | PrismaService = this.prisma): Promise<MedicalEmployee[]> {
    return tx.medicalEmployee.findMany({ where: { companyId }, orderBy: { position: 'asc' } });
  }

  /**
   * Replaces the company's list in one transaction. A declaration already filled for a person who stays
   * on the list is kept (it is about the person, not the list).
   */
  replace(companyId: number, employees: EmployeeInput[], at: Date): Promise<MedicalEmployee[]> {
    return this.prisma.$transaction(async (tx) => {
      const previous = new Map((await this.list(companyId, tx)).map((e) => [e.personId, e]));
      await tx.medicalEmployee.deleteMany({ where: { companyId } });
      await tx.medicalEmployee.createMany({
        data: employees.map((e, position) => {
          const kept = previous.get(e.person_id);
          return {
            companyId,
            position,
            personId: e.person_id,
            name: e.name,
            dateOfBirth: e.date_of_birth,
            gender: e.gender,
            nationalityIso: e.nationality_iso,
            email: e.email ?? null,
            mobileNumber: e.mobile_number,
            category: e.category,
            isMarried: e.is_married,
            dependents: e.dependents.map(({ age: _age, person_id: _id, ...d }) => d) as unknown as Prisma.InputJsonValue,
            declaration: (kept?.declaration ?? Prisma.DbNull) as Prisma.InputJsonValue,
            declaredAt: kept?.declaredAt ?? null,
            createdAt: at,
          };
        }),
      });
      return this.list(companyId, tx);
    });
  }

  async saveDeclarations(companyId: number, answers: Map<number, object>, at: Date): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      for (const [id, a] of answers) await tx.medicalEmployee.updateMany({ where: { id, companyId }, data: { declaration: a as Prisma.InputJsonValue, declaredAt: at } });
    });
  }
}
