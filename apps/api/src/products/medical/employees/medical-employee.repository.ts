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

  /** Companies with at least one employee still to declare, and how many such employees in all. */
  async undeclared(): Promise<{ companyIds: number[]; employees: number }> {
    const rows = await this.prisma.medicalEmployee.groupBy({ by: ['companyId'], where: { declaredAt: null }, _count: { _all: true } });
    return { companyIds: rows.map((r) => r.companyId), employees: rows.reduce((n, r) => n + r._count._all, 0) };
  }

  list(companyId: number, tx: Prisma.TransactionClient | PrismaService = this.prisma): Promise<MedicalEmployee[]> {
    return tx.medicalEmployee.findMany({ where: { companyId }, orderBy: { position: 'asc' } });
  }

  /**
   * Replaces the company's list in one transaction. A declaration already filled for a person who stays
   * on the list is kept (it is about the person, not the list). With `outer`, in the caller's transaction
   * (the console's import, with its audit row).
   */
  replace(companyId: number, employees: EmployeeInput[], at: Date, outer?: Prisma.TransactionClient): Promise<MedicalEmployee[]> {
    const work = async (tx: Prisma.TransactionClient) => {
      const previous = new Map((await this.list(companyId, tx)).map((e) => [e.personId, e]));
      await tx.medicalEmployee.deleteMany({ where: { companyId } });
      await tx.medicalEmployee.createMany({
        data: employees.map((e, position) => {
          const kept = previous.get(e.person_id);
          return {
            ...rowOf(e, at),
            companyId,
            position,
            declaration: (kept?.declaration ?? Prisma.DbNull) as Prisma.InputJsonValue,
            declaredAt: kept?.declaredAt ?? null,
          };
        }),
      });
      return this.list(companyId, tx);
    };
    return outer ? work(outer) : this.prisma.$transaction(work);
  }

  /** In the caller's transaction when given (the console writes its audit row in it), else in its own. */
  async saveDeclarations(companyId: number, answers: Map<number, object>, at: Date, tx?: Prisma.TransactionClient): Promise<void> {
    const save = async (db: Prisma.TransactionClient) => {
      for (const [id, a] of answers)
        await db.medicalEmployee.updateMany({ where: { id, companyId }, data: { declaration: a as Prisma.InputJsonValue, declaredAt: at } });
    };
    if (tx) await save(tx);
    else await this.prisma.$transaction(save);
  }

  /** One employee of the company (the console's), or null. */
  findOne(companyId: number, id: number, tx: Prisma.TransactionClient | PrismaService = this.prisma): Promise<MedicalEmployee | null> {
    return tx.medicalEmployee.findFirst({ where: { id, companyId } });
  }

  /** Adds one employee at the end of the list, with no declaration yet. */
  async addOne(tx: Prisma.TransactionClient, companyId: number, e: EmployeeInput, at: Date): Promise<MedicalEmployee> {
    const last = await tx.medicalEmployee.aggregate({ where: { companyId }, _max: { position: true } });
    return tx.medicalEmployee.create({
      data: { ...rowOf(e, at), companyId, position: (last._max.position ?? -1) + 1, declaration: Prisma.DbNull, declaredAt: null },
    });
  }

  /**
   * Corrects one employee in place. The declaration stays when the person stays (same id), as a list
   * replacement keeps it; another id is another person, whose declaration is still to fill.
   */
  updateOne(tx: Prisma.TransactionClient, current: MedicalEmployee, e: EmployeeInput, at: Date): Promise<MedicalEmployee> {
    const { createdAt: _created, ...row } = rowOf(e, at);
    const samePerson = current.personId === e.person_id;
    return tx.medicalEmployee.update({
      where: { id: current.id },
      data: { ...row, ...(samePerson ? {} : { declaration: Prisma.DbNull, declaredAt: null }) },
    });
  }

  async removeOne(tx: Prisma.TransactionClient, current: MedicalEmployee): Promise<void> {
    await tx.medicalEmployee.delete({ where: { id: current.id } });
  }
}

/** The stored columns of a validated employee (dependents without their derived age and id). */
function rowOf(e: EmployeeInput, at: Date) {
  return {
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
    createdAt: at,
  };
}
