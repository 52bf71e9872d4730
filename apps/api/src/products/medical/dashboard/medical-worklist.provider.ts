import { Injectable, OnModuleInit } from '@nestjs/common';
import { amountString, sum } from '@lib/common';
import { DashboardMetrics, DashboardWorklistProvider } from '../../../policies/dashboard/dashboard-metrics';
import { MedicalEmployeeRepository } from '../employees/medical-employee.repository';
import { MedicalPolicyRepository } from '../policies/medical-policy.repository';

/**
 * The account managers' dashboard figures, read from the data: companies with employees still to declare
 * (and how many employees), companies owing money and the amount owed (unissued policies, as each company's
 * payment due). The console links each figure to the company list filtered the same way.
 */
@Injectable()
export class MedicalWorklistProvider implements DashboardWorklistProvider, OnModuleInit {
  readonly source = 'medical';
  readonly roles = ['admin', 'account_manager'] as const;

  constructor(
    private readonly metrics: DashboardMetrics,
    private readonly employees: MedicalEmployeeRepository,
    private readonly policies: MedicalPolicyRepository,
  ) {}

  onModuleInit(): void {
    this.metrics.registerWorklist(this);
  }

  async collect(): Promise<Record<string, number | string>> {
    const [undeclared, due] = await Promise.all([this.employees.undeclared(), this.policies.dueByCompany()]);
    return {
      companies_missing_declarations: undeclared.companyIds.length,
      employees_missing_declarations: undeclared.employees,
      companies_with_amount_due: due.length,
      amount_due: amountString(sum(due.map((d) => d.amount))),
    };
  }
}
