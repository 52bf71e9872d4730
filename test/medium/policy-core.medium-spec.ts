import { randomUUID } from 'node:crypto';
import { ManualClock } from '../../libs/common/src';
import { PolicyTableMetrics } from '../../apps/api/src/admin/dashboard/policy-table-metrics';
import { coverThroughEndDate } from '../../apps/api/src/claims/claim-policies';
import { HorsePolicyRepository } from '../../apps/api/src/horse/policies/horse-policy.repository';
import { PolicyStatus } from '../../apps/api/src/policies/policy-status';
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
    const repo = new HorsePolicyRepository(handle.db.prisma, clock);
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
    const repo = new HorsePolicyRepository(handle.db.prisma, clock);
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
    const metrics = new PolicyTableMetrics(handle.db, { source: 'horse', table: 'horse_policies', issuedColumn: 'purchased_at' });
    const got = await metrics.collect({ from: new Date('2027-02-28T00:00:00Z'), to: new Date('2027-03-02T00:00:00Z'), days: ['2027-02-28', '2027-03-01'] });
    expect(got.policiesByStatus).toEqual({ active: 1, cancelled: 1, pending: 1 });
    expect(got.counters?.policies_total).toBe(3);
    expect(got.series?.policies_issued).toEqual({ '2027-02-28': 1, '2027-03-01': 1 });
  });
});
