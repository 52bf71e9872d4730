import { CLAIM_DECISION_DAYS, CLAIM_FAMILIES } from '../../apps/api/src/policies/claims/claim-status';
import { PolicyProducts } from '../../apps/api/src/policies/policy-products';
import { formatDateTime } from '../../libs/common/src';
import { auditRows, createStaff, signIn, StaffSession } from '../admin/admin-kit';
import { startTestApp, TestApp } from '../support/test-app';

const DAY = 86_400_000;

/**
 * The claims handler's work queue in the admin API: each claim with its policy and customer (through the
 * policy core, per family), the unassigned and overdue filters, the decision deadline, bulk assignment
 * (all or nothing, audited per claim) and the policy search of the claim form, each by role.
 */
describe('claims queue', () => {
  let app: TestApp;
  let clientId: string;
  let handler: StaffSession;
  let admin: StaffSession;
  let ops: StaffSession;
  let manager: StaffSession;
  let colleague: { id: string };
  let inactive: { id: string };
  let property: number;
  let horse: number;
  const db = () => app.db.prisma;
  const list = (s: StaffSession, filter: object, sort = ['created_at', 'ASC']) =>
    s.call(
      `/admin/api/claims?filter=${encodeURIComponent(JSON.stringify(filter))}&sort=${encodeURIComponent(JSON.stringify(sort))}&range=${encodeURIComponent('[0,99]')}`,
    );

  async function claim(family: string, policyId: number, ageDays: number, status = 'submitted', assigneeStaffId: string | null = null) {
    const at = new Date(app.clock.now().getTime() - ageDays * DAY);
    return db().claim.create({
      data: {
        productFamily: family,
        policyId,
        clientId,
        status,
        claimType: 'other',
        incidentDate: new Date('2026-11-01'),
        description: 'Test claim.',
        requestedAmount: '1000.00',
        documents: [],
        assigneeStaffId,
        createdBy: 'client',
        createdAt: at,
        updatedAt: at,
      },
    });
  }

  beforeAll(async () => {
    app = await startTestApp();
    clientId = (await app.createClient()).id;
    [handler, admin, ops, manager] = [
      await signIn(app, 'claims_handler'),
      await signIn(app, 'admin'),
      await signIn(app, 'operations'),
      await signIn(app, 'account_manager'),
    ];
    colleague = await createStaff(app, 'claims_handler', 'colleague@staff.test');
    inactive = await createStaff(app, 'claims_handler', 'gone@staff.test');
    await db().staffUser.update({ where: { id: inactive.id }, data: { active: false } });
    const now = app.clock.now();
    property = (
      await db().propertyPolicy.create({
        data: {
          clientId,
          productCode: 'home-contents',
          insurerCode: 'dune',
          personalDetails: { name: 'Ahmed Alotaibi', name_ar: 'أحمد العتيبي', nationality_id: '1012345678' },
          buildingDetails: {},
          address: {},
          email: 'home@example.com',
          nationality: 'SA',
          nationalityId: '1012345678',
          cityName: 'Riyadh',
          iban: 'SA0380000000608010167519',
          startDate: new Date('2026-11-01'),
          endDate: new Date('2027-10-31'),
          status: 1,
          netPremium: '260.87',
          vat: '39.13',
          price: '300.00',
          providerPolicyId: 'DUNE-HOME-77',
          activatedAt: now,
          createdAt: now,
          updatedAt: now,
        },
      })
    ).id;
    horse = (
      await db().horsePolicy.create({
        data: {
          clientId,
          insurerCode: 'dune',
          horse: { name: 'Desert Wind', value: 250000 },
          owner: { name: 'Faisal Alharbi', id: '1098765432', email: 'owner@example.com', phone: '0512345678' },
          status: 1,
          ratePercent: '3.50',
          netPremium: '8750.00',
          vat: '1312.50',
          price: '10062.50',
          providerPolicyId: 'DUNE-HORSE-9',
          startDate: '2026-11-01',
          endDate: '2027-10-31',
          purchasedAt: now,
          createdAt: now,
          updatedAt: now,
        },
      })
    ).id;
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    await db().claimStatusChange.deleteMany();
    await db().claim.deleteMany();
  });

  it('lists each claim with its policy and customer beside it, its decision deadline, and the unassigned and overdue queues oldest first', async () => {
    const old = await claim('property', property, CLAIM_DECISION_DAYS + 2);
    const fresh = await claim('horse', horse, 1);
    const taken = await claim('property', property, 3, 'under_review', colleague.id);
    const oldButDecided = await claim('horse', horse, CLAIM_DECISION_DAYS + 5, 'approved');

    const all = await list(handler, {});
    expect(all.status).toBe(200);
    expect(all.body.map((c: any) => c.id)).toEqual([oldButDecided.id, old.id, taken.id, fresh.id]);
    const byId = new Map(all.body.map((c: any) => [c.id, c]));
    expect(byId.get(old.id)).toMatchObject({
      customer_name: 'Ahmed Alotaibi',
      overdue: true,
      decision_due_at: formatDateTime(new Date(old.createdAt.getTime() + CLAIM_DECISION_DAYS * DAY)),
      policy: {
        policy_id: property,
        policy_number: 'DUNE-HOME-77',
        policy_status: 'active',
        cover_from: '2026-11-01',
        cover_to: '2027-10-31',
        holder_id: '1012345678',
      },
    });
    expect(byId.get(fresh.id)).toMatchObject({
      customer_name: 'Faisal Alharbi',
      overdue: false,
      policy: { policy_number: 'DUNE-HORSE-9', holder_id: '1098765432' },
    });
    expect(byId.get(oldButDecided.id)).toMatchObject({ overdue: false });
    expect(byId.get(taken.id)).toMatchObject({ assignee_name: 'Test claims_handler' });

    // the queue holds only claims still to decide: the approved one nobody holds is not waiting for anyone
    expect((await list(handler, { unassigned: true })).body.map((c: any) => c.id)).toEqual([old.id, fresh.id]);
    expect((await list(handler, { undecided: true })).body.map((c: any) => c.id)).toEqual([old.id, taken.id, fresh.id]);
    expect((await list(handler, { overdue: true })).body.map((c: any) => c.id)).toEqual([old.id]);
    expect((await list(handler, { overdue: true, unassigned: true, product_family: 'horse' })).body).toEqual([]);
    const bad = await list(handler, { overdue: 'yes' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.details)).toEqual(['filter.overdue']);

    const shown = await handler.call(`/admin/api/claims/${taken.id}`);
    expect(shown.body).toMatchObject({
      customer_name: 'Ahmed Alotaibi',
      assignee_name: 'Test claims_handler',
      policy: { policy_id: property, policy_status: 'active' },
    });
  });

  it('counts the same claims on the dashboard card, in the queue and in the lists, and a closed claim leaves all three', async () => {
    const a = await claim('property', property, 2);
    const b = await claim('horse', horse, 1);
    const mine = await claim('property', property, 1, 'under_review', handler.id);
    await claim('horse', horse, 30, 'paid');
    await claim('property', property, 20, 'rejected');
    const totalOf = (res: { headers: Headers }) => Number(res.headers.get('content-range')!.split('/')[1]);
    const counts = async () => {
      const dashboard = (await handler.call('/admin/api/dashboard?days=7')).body.counters;
      const queue = await list(handler, { unassigned: true });
      const toDecide = await list(handler, { undecided: true });
      return {
        card: dashboard.claims_open,
        cardNotTaken: dashboard.claims_unassigned,
        queue: totalOf(queue),
        toDecide: totalOf(toDecide),
      };
    };
    expect(await counts()).toEqual({ card: 3, cardNotTaken: 2, queue: 2, toDecide: 3 });

    // a claim rejected straight from the queue (nobody took it) leaves the queue and the card alike
    const rejected = await handler.call(`/admin/api/claims/${a.id}/transition`, { json: { status: 'rejected', note: 'Not covered.' } });
    expect(rejected.status).toBe(200);
    expect(await counts()).toEqual({ card: 2, cardNotTaken: 1, queue: 1, toDecide: 2 });
    // worked to paid, then handed back: still closed, never in the queue again
    for (const [status, extra] of [
      ['approved', {}],
      ['paid', { note: 'Paid to the IBAN on file.' }],
    ] as const)
      expect((await handler.call(`/admin/api/claims/${mine.id}/transition`, { json: { status, ...extra } })).status).toBe(200);
    await db().claim.update({ where: { id: mine.id }, data: { assigneeStaffId: null } });
    expect(await counts()).toEqual({ card: 1, cardNotTaken: 1, queue: 1, toDecide: 1 });
    expect((await list(handler, { unassigned: true })).body.map((c: any) => [c.id, c.status])).toEqual([[b.id, 'submitted']]);
    expect((await list(handler, { undecided: 'yes' })).status).toBe(422);
  });

  it('takes a claim and starts its review in one action, audited, without a reason; a closed claim is not taken', async () => {
    const fresh = await claim('property', property, 1);
    const reviewing = await claim('horse', horse, 2, 'under_review', colleague.id);
    const paid = await claim('property', property, 9, 'paid');
    const before = (await auditRows(app)).length;
    const take = (s: StaffSession, id: number) => s.call(`/admin/api/claims/${id}/take`, { method: 'POST' });

    expect((await take(ops, fresh.id)).status).toBe(403);
    expect((await take(manager, fresh.id)).status).toBe(403);
    expect((await take(handler, 999999)).status).toBe(404);
    expect((await take(handler, paid.id)).status).toBe(409);
    expect(await auditRows(app)).toHaveLength(before);

    const took = await take(handler, fresh.id);
    expect(took.status).toBe(200);
    expect(took.body).toMatchObject({
      status: 'under_review',
      assignee_staff_id: handler.id,
      assignee_name: 'Test claims_handler',
      next_statuses: ['approved', 'rejected'],
    });
    expect(took.body.status_history.map((h: any) => [h.from, h.to, h.note, h.actor])).toEqual([['submitted', 'under_review', null, handler.email]]);
    expect((await auditRows(app)).slice(before).map((r) => [r.action, r.resourceId, r.before, r.after])).toEqual([
      ['claims.assign', String(fresh.id), { assignee_staff_id: null }, { assignee_staff_id: handler.id }],
      ['claims.transition', String(fresh.id), { status: 'submitted' }, { status: 'under_review', approved_amount: null, note: null }],
    ]);
    // taken, it has left the queue
    expect((await list(handler, { unassigned: true })).body).toEqual([]);

    // a claim already under review only changes hands
    const over = await take(handler, reviewing.id);
    expect(over.body).toMatchObject({ status: 'under_review', assignee_staff_id: handler.id });
    expect(await db().claimStatusChange.count({ where: { claimId: reviewing.id } })).toBe(0);
  });

  it('assigns claims in bulk, all or nothing, auditing each with who, when and why', async () => {
    const a = await claim('property', property, 4);
    const b = await claim('horse', horse, 2, 'under_review', colleague.id);
    const closed = await claim('property', property, 9, 'paid');
    const rejected = await claim('horse', horse, 9, 'rejected');
    const before = (await auditRows(app)).length;
    const assign = (s: StaffSession, body: object) => s.call('/admin/api/claims/assign', { json: body });

    const refused = await assign(handler, { ids: [a.id, closed.id, b.id, rejected.id], staff_id: handler.id });
    expect(refused.status).toBe(409);
    expect(refused.body.detail ?? refused.body.message).toContain(`#${closed.id} (paid), #${rejected.id} (rejected)`);
    const missing = await assign(handler, { ids: [a.id, 999999], staff_id: handler.id });
    expect(missing.status).toBe(404);
    expect(missing.body.detail ?? missing.body.message).toContain('999999');
    expect((await assign(handler, { ids: [a.id], staff_id: inactive.id })).status).toBe(422);
    expect((await assign(handler, { ids: [a.id], staff_id: ops.id })).status).toBe(422);
    expect((await assign(handler, { ids: [], staff_id: handler.id })).status).toBe(422);
    // roles the permission table does not let assign claims: refused, whoever they name
    expect((await assign(ops, { ids: [a.id], staff_id: ops.id })).status).toBe(403);
    expect((await assign(manager, { ids: [a.id], staff_id: handler.id })).status).toBe(403);
    // nothing half-written
    expect((await db().claim.findUnique({ where: { id: a.id } }))!.assigneeStaffId).toBeNull();
    expect((await db().claim.findUnique({ where: { id: b.id } }))!.assigneeStaffId).toBe(colleague.id);
    expect(await auditRows(app)).toHaveLength(before);

    const took = await assign(handler, { ids: [a.id, b.id], staff_id: handler.id, reason: 'Morning queue' });
    expect(took.status).toBe(200);
    expect(took.body.map((c: any) => [c.id, c.assignee_staff_id, c.assignee_name])).toEqual([
      [a.id, handler.id, 'Test claims_handler'],
      [b.id, handler.id, 'Test claims_handler'],
    ]);
    const rows = (await auditRows(app)).slice(before);
    expect(rows.map((r) => [r.action, r.resourceId, r.staffEmail, r.role])).toEqual([
      ['claims.assign', String(a.id), handler.email, 'claims_handler'],
      ['claims.assign', String(b.id), handler.email, 'claims_handler'],
    ]);
    expect(rows[1].before).toEqual({ assignee_staff_id: colleague.id });
    expect(rows[1].after).toEqual({ assignee_staff_id: handler.id, reason: 'Morning queue', bulk: true });
    expect(rows[0].createdAt.getTime()).toBe(app.clock.now().getTime());

    // an admin hands claims to a colleague
    const given = await assign(admin, { ids: [a.id], staff_id: colleague.id });
    expect(given.status).toBe(200);
    expect((await db().claim.findUnique({ where: { id: a.id } }))!.assigneeStaffId).toBe(colleague.id);
    expect((await auditRows(app)).at(-1)!.after).toEqual({ assignee_staff_id: colleague.id, reason: 'Bulk assignment from the claims queue.', bulk: true });
  });

  it('offers active staff who may handle claims as assignees, to roles that may assign', async () => {
    const res = await handler.call('/admin/api/claims/handlers');
    expect(res.status).toBe(200);
    const ids = res.body.map((s: any) => s.id);
    expect(ids).toEqual(expect.arrayContaining([handler.id, admin.id, colleague.id]));
    expect(ids).not.toContain(inactive.id);
    expect(ids).not.toContain(ops.id);
    expect((await ops.call('/admin/api/claims/handlers')).status).toBe(403);
    expect((await manager.call('/admin/api/claims/handlers')).status).toBe(403);
  });

  it("finds a family's policies to file a claim on by id, policy number, holder id or name", async () => {
    const search = (s: StaffSession, family: string, q: string) => s.call(`/admin/api/claims/policies?product_family=${family}&q=${encodeURIComponent(q)}`);
    for (const q of [String(property), 'DUNE-HOME-77', '1012345678', 'alotaibi', 'العتيبي']) {
      const res = await search(handler, 'property', q);
      expect([q, res.status, res.body.map((p: any) => p.policy_id)]).toEqual([q, 200, [property]]);
    }
    expect((await search(ops, 'horse', 'faisal')).body).toEqual([
      {
        policy_id: horse,
        policy_number: 'DUNE-HORSE-9',
        policy_status: 'active',
        cover_from: '2026-11-01',
        cover_to: '2027-10-31',
        holder_name: 'Faisal Alharbi',
        holder_id: '1098765432',
        client_id: clientId,
      },
    ]);
    // a family never answers another family's policies; LIKE's wildcards are searched as text
    expect((await search(handler, 'horse', 'alotaibi')).body).toEqual([]);
    expect((await search(handler, 'property', '%')).body).toEqual([]);
    expect((await search(handler, 'motor', 'x')).status).toBe(422);
    expect((await search(handler, 'life', ' ')).status).toBe(422);
    expect((await search(manager, 'property', 'alotaibi')).status).toBe(403);
  });

  it('reads the subject of a claim and searches policies in every family that takes claims', async () => {
    const products = app.api.app.get(PolicyProducts);
    expect([...products.claimFamilies()].sort()).toEqual([...CLAIM_FAMILIES].sort());
    // every family's statements run against the real schema (a wrong column fails here, not in a handler's inbox)
    const subjects = await products.claimSubjects(
      CLAIM_FAMILIES.map((f) => ({ productFamily: f, policyId: f === 'horse' ? horse : f === 'property' ? property : 999999 })),
    );
    expect([...subjects.keys()].sort()).toEqual([`horse:${horse}`, `property:${property}`]);
    for (const f of CLAIM_FAMILIES) {
      for (const q of ['999999', 'nobody', "o'brien %_\\"]) expect([f, q, await products.searchClaimSubjects(f, q, 5)]).toEqual([f, q, []]);
    }
  });
});
