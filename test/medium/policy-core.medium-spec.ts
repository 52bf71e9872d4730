import { randomUUID } from 'node:crypto';
import { ApiError, ManualClock } from '../../libs/common/src';
import { PropertyProviderError } from '../../libs/providers/src';
import { PolicyTableMetrics } from '../../apps/api/src/policies/dashboard/policy-table-metrics';
import { DashboardMetricsRepository } from '../../apps/api/src/policies/dashboard/dashboard-metrics.repository';
import { coverThroughEndDate } from '../../apps/api/src/policies/claims/claim-policies';
import { HorsePolicyRepository } from '../../apps/api/src/products/horse/policies/horse-policy.repository';
import type { FileStore } from '../../apps/api/src/platform/files/file-store';
import { PaymentRepository } from '../../apps/api/src/payments/payment.repository';
import type { Refunds } from '../../apps/api/src/payments/refunds/refunds';
import { CancelPolicyUseCase } from '../../apps/api/src/policies/cancel-policy.use-case';
import { PolicyStatus } from '../../apps/api/src/policies/policy-status';
import { CancelPropertyPolicyUseCase } from '../../apps/api/src/products/property/cancellation/cancel-property-policy.use-case';
import type { PolicyEvents } from '../../apps/api/src/policies/events/policy-events';
import { PropertyPolicyViews } from '../../apps/api/src/products/property/policies/property-policy-views';
import { PropertyPolicyRepository } from '../../apps/api/src/products/property/policies/property-policy.repository';
import type { TestClocks } from '../../apps/api/src/platform/test-clocks/test-clocks';
import type { DueEvents } from '../../apps/api/src/platform/due-events/due-events';
import { openTestDatabase } from '../support/test-app';

/**
 * The medium tier: policy core rules run against the real database (PGlite, or PostgreSQL with
 * DATABASE_URL) through the real repositories, without booting the app or speaking HTTP.
 */
describe('policy core against the database', () => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  const clock = new ManualClock(new Date('2027-03-01T09:00:00Z'));
  let clientId: string;

  const horsePolicy = (status: PolicyStatus, extra: Record<string, unknown> = {}) =>
    handle.db.prisma.horsePolicy.create({
      data: {
        clientId,
        insurerCode: 'caravan',
        horse: { name: 'Najm', value: 50000 },
        owner: { name: 'Sara' },
        status,
        ratePercent: '2.50',
        netPremium: '1250.00',
        vat: '187.50',
        price: '1437.50',
        createdAt: clock.now(),
        updatedAt: clock.now(),
        ...extra,
      },
    });

  const propertyPolicy = (status: PolicyStatus, extra: Record<string, unknown> = {}) =>
    handle.db.prisma.propertyPolicy.create({
      data: {
        clientId,
        productCode: 'property',
        insurerCode: 'dune',
        personalDetails: {},
        buildingDetails: {},
        address: {},
        email: 'sara@example.com',
        nationality: 'SA',
        nationalityId: '1012345678',
        cityName: 'Riyadh',
        iban: 'SA0380000000608010167519',
        startDate: new Date('2027-01-01'),
        endDate: new Date('2028-01-01'),
        status,
        netPremium: '1000.00',
        vat: '150.00',
        price: '1150.00',
        createdAt: clock.now(),
        updatedAt: clock.now(),
        ...extra,
      },
    });
  const openLink = (policyId: number) =>
    handle.db.prisma.payment.create({
      data: {
        id: randomUUID(),
        clientId,
        policyType: 'property',
        policyId,
        amount: '1150.00',
        currency: 'SAR',
        status: 'pending',
        linkToken: randomUUID().replaceAll('-', ''),
        expiresAt: new Date(clock.now().getTime() + 86_400_000),
        createdAt: clock.now(),
        updatedAt: clock.now(),
      },
    });

  /** The core with property's real terms and repositories; the insurer, the webhooks and the refund worker watched. */
  const propertyCancellation = (insurerCancel: () => Promise<void>) => {
    const testClocks = { adopt: async () => undefined } as unknown as TestClocks;
    const refunds = { owe: jest.fn(async () => null), kick: jest.fn() };
    const events = { statusUpdated: jest.fn(async () => undefined) };
    const provider = { cancel: jest.fn(insurerCancel) };
    const core = new CancelPolicyUseCase(
      new PaymentRepository(handle.db.prisma, handle.db, testClocks, {} as DueEvents),
      refunds as unknown as Refunds,
      {} as FileStore,
      clock,
      testClocks,
    );
    const policies = new PropertyPolicyRepository(handle.db.prisma, handle.db);
    const config = { propertyInsurerTimeoutMs: 1000, publicBaseUrl: 'http://api.test' } as never;
    const terms = new CancelPropertyPolicyUseCase(
      core,
      policies,
      events as unknown as PolicyEvents,
      new PropertyPolicyViews(policies, { urlOf: () => null } as unknown as FileStore, config),
      provider as never,
      config,
    );
    return { core, terms, refunds, events, provider };
  };

  beforeAll(async () => {
    handle = await openTestDatabase();
    clientId = randomUUID();
    await handle.db.prisma.apiClient.create({ data: { id: clientId, name: 'Medium tier', secretHash: 'x' } });
  });
  afterAll(async () => {
    await handle.db.close();
    await handle.drop();
  });

  it('moves an active policy to cancelled once: a second cancellation, or one of an unpaid policy, changes nothing', async () => {
    const repo = new HorsePolicyRepository(handle.db.prisma, clock, handle.db);
    const active = await horsePolicy(PolicyStatus.Active, { startDate: '2027-01-01', endDate: '2027-12-31', purchasedAt: clock.now() });
    const pending = await horsePolicy(PolicyStatus.Pending);
    const data = { cancelledAt: clock.now(), refundAmount: '100.00', cancellationDocument: null };

    const [first, second, unpaid] = await handle.db.prisma.$transaction(async (tx) => [
      await repo.markCancelled(tx, active.id, data),
      await repo.markCancelled(tx, active.id, data),
      await repo.markCancelled(tx, pending.id, data),
    ]);

    expect([first?.status, second, unpaid]).toEqual([PolicyStatus.Cancelled, null, null]);
    const rows = await handle.db.prisma.horsePolicy.findMany({ where: { id: { in: [active.id, pending.id] } }, orderBy: { id: 'asc' } });
    expect(rows.map((r) => [r.status, r.refundAmount?.toFixed(2) ?? null])).toEqual([
      [PolicyStatus.Cancelled, '100.00'],
      [PolicyStatus.Pending, null],
    ]);
  });

  it('gives the cancelled policy cover up to its cancellation day, and an unpaid one none', async () => {
    const repo = new HorsePolicyRepository(handle.db.prisma, clock, handle.db);
    const [cancelled] = await handle.db.prisma.horsePolicy.findMany({ where: { clientId, status: PolicyStatus.Cancelled } });
    const cover = coverThroughEndDate(cancelled);
    expect([cover.coverFrom.toISOString().slice(0, 10), cover.coverUntil.toISOString().slice(0, 10), cover.refusal]).toEqual([
      '2027-01-01',
      '2027-03-01',
      null,
    ]);
    const unpaid = (await handle.db.prisma.horsePolicy.findFirst({ where: { clientId, status: PolicyStatus.Pending } }))!;
    expect(coverThroughEndDate(unpaid).refusal).toMatch(/never paid/);
    expect(await repo.findForClient(randomUUID(), cancelled.id)).toBeNull();
  });

  it('counts a family on the dashboard by the one status vocabulary, and its policies issued per day', async () => {
    await horsePolicy(PolicyStatus.Active, { startDate: '2027-02-28', endDate: '2028-02-27', purchasedAt: new Date('2027-02-28T10:00:00Z') });
    const metrics = new PolicyTableMetrics(new DashboardMetricsRepository(handle.db), {
      source: 'horse',
      table: 'horse_policies',
      issuedColumn: 'purchased_at',
    });
    const got = await metrics.collect({ from: new Date('2027-02-28T00:00:00Z'), to: new Date('2027-03-02T00:00:00Z'), days: ['2027-02-28', '2027-03-01'] });
    expect(got.policiesByStatus).toEqual({ active: 1, cancelled: 1, pending: 1 });
    expect(got.counters?.policies_total).toBe(3);
    expect(got.series?.policies_issued).toEqual({ '2027-02-28': 1, '2027-03-01': 1 });
  });

  it('cancels an unpaid policy by withdrawing its open payment link: no insurer, no refund', async () => {
    const { terms, refunds, events, provider } = propertyCancellation(async () => undefined);
    const pending = await propertyPolicy(PolicyStatus.Pending);
    const link = await openLink(pending.id);

    const cancelled = await terms.execute({ policy: pending, reason: 'Changed my mind.', by: 'client' });

    expect([cancelled.status, cancelled.refundAmount?.toFixed(2), cancelled.refundTermDays, cancelled.canceledBy]).toEqual([
      PolicyStatus.Cancelled,
      '0.00',
      0,
      'client',
    ]);
    expect(await handle.db.prisma.payment.findUnique({ where: { id: link.id } })).toMatchObject({ status: 'cancelled', statusReason: 'policy_cancelled' });
    expect([provider.cancel.mock.calls.length, refunds.owe.mock.calls.length, refunds.kick.mock.calls.length, events.statusUpdated.mock.calls.length]).toEqual([
      0, 0, 0, 1,
    ]);
  });

  it('changes nothing when the insurer fails to cancel a paid policy', async () => {
    const { terms, refunds, events } = propertyCancellation(async () => {
      throw new PropertyProviderError('timeout', 'no answer');
    });
    const active = await propertyPolicy(PolicyStatus.Active, { providerPolicyId: 'DUNE-1', activatedAt: clock.now() });
    const audit = jest.fn(async () => undefined);

    const err = await terms.execute({ policy: active, reason: null, by: 'ops@example.com', alsoInTx: audit }).catch((e: unknown) => e);

    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe('50201');
    const row = await handle.db.prisma.propertyPolicy.findUniqueOrThrow({ where: { id: active.id } });
    expect([row.status, row.canceledAt, row.refundAmount]).toEqual([PolicyStatus.Active, null, null]);
    expect([refunds.owe.mock.calls.length, events.statusUpdated.mock.calls.length, audit.mock.calls.length]).toEqual([0, 0, 0]);
  });

  it('cancels a paid policy with its insurer, owes the pro-rata refund and writes the audit record in the transaction', async () => {
    const { terms, refunds, events, provider } = propertyCancellation(async () => undefined);
    const active = await propertyPolicy(PolicyStatus.Active, { providerPolicyId: 'DUNE-2', activatedAt: clock.now() });
    const audit = jest.fn(async () => undefined);

    const cancelled = await terms.execute({ policy: active, reason: 'Sold the house.', by: 'ops@example.com', alsoInTx: audit });

    expect(provider.cancel).toHaveBeenCalledWith('dune', 'DUNE-2', { reason: 'Sold the house.', effectiveDate: '2027-03-01' }, { timeoutMs: 1000 });
    expect([cancelled.status, cancelled.refundAmount?.toFixed(2), cancelled.refundUnusedDays, cancelled.refundTermDays]).toEqual([
      PolicyStatus.Cancelled,
      '964.11',
      306,
      365,
    ]);
    expect(refunds.owe).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ policyType: 'property', policyId: active.id }));
    expect(audit).toHaveBeenCalledWith(expect.anything(), { from: PolicyStatus.Active, cancelled, refundAmount: '964.11' });
    expect(events.statusUpdated).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ family: 'property', clientId, policy: expect.objectContaining({ id: active.id, status: PolicyStatus.Cancelled }) }),
    );
    expect([refunds.kick.mock.calls.length, events.statusUpdated.mock.calls.length]).toEqual([1, 1]);
  });

  it('loses a race to another request: cancelled meanwhile is 400, an unpaid policy paid meanwhile is 409', async () => {
    const { terms } = propertyCancellation(async () => undefined);
    const paidMeanwhile = await propertyPolicy(PolicyStatus.Active, { providerPolicyId: 'DUNE-3' });
    const cancelledMeanwhile = await propertyPolicy(PolicyStatus.Cancelled);
    const seenUnpaid = (p: { status: number }) => ({ ...p, status: PolicyStatus.Pending }) as never;

    const refusal = (policy: never): Promise<ApiError> =>
      terms.execute({ policy, reason: null, by: 'client' }).then(
        () => Promise.reject(new Error('expected a refusal')),
        (e: ApiError) => e,
      );
    const paid = await refusal(seenUnpaid(paidMeanwhile));
    const twice = await refusal(seenUnpaid(cancelledMeanwhile));

    expect([paid.status, paid.message]).toEqual([
      409,
      'The policy was paid while it was being cancelled; send the cancellation again to cancel it with a refund.',
    ]);
    expect([twice.status, twice.code]).toEqual([400, '40010']);
    expect((await handle.db.prisma.propertyPolicy.findUniqueOrThrow({ where: { id: paidMeanwhile.id } })).status).toBe(PolicyStatus.Active);
  });
});
