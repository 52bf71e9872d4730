import { randomBytes, randomUUID } from 'node:crypto';
import { Prisma } from '../../libs/db/src';
import { CHRONIC_QUESTION, DECLARATION_QUESTIONS } from '../../apps/api/src/products/medical/forms/medical-form.questions';
import { RequestStatements, RequestStatementsModule, requestStatements } from '../support/request-statements';
import { startTestApp, TestApp } from '../support/test-app';
import { signIn, StaffSession } from './admin-kit';

/**
 * The most SQL statements one console request sends: a page of 25 rows (`range=[0,24]`), and one row's
 * detail. Everything the request sends counts: the staff session and its user (2 statements on every
 * request), the page and its total (4 where they are read in one transaction: BEGIN, rows, count,
 * COMMIT), and each related read for the whole page (payments, offers, claims, employee counts...).
 * Measured on PGlite and on PostgreSQL, the same on both. A page reading its rows one by one would send
 * 25 more.
 */
// prettier-ignore
const BOUNDS = {
  //  resource                 page  detail
  'motor-policies':        { page: 5, detail: 5 },
  'motor-quote-requests':  { page: 4, detail: 9 },
  'property-policies':     { page: 9, detail: 6 },
  'tpl-policies':          { page: 5, detail: 4 },
  'life-policies':         { page: 6, detail: 5 },
  'horse-policies':        { page: 5, detail: 4 },
  'travel-policies':       { page: 6, detail: 5 },
  'medical-companies':     { page: 12, detail: 9 },
  'medical-policies':      { page: 7, detail: 4 },
  payments:                { page: 9, detail: 6 },
  refunds:                 { page: 7, detail: 4 },
  // 8 + one statement per claim family on the page for the policy and customer beside each claim (two here: 10);
  // the detail reads its policy and customer (5), and its assignee's name when it has one (6)
  claims:                  { page: 10, detail: 6 },
} as const;

type Resource = keyof typeof BOUNDS;
type Row = Record<string, any>;

/** What the page shows from each row's related rows: what the statements above read. */
const SHOWN: Record<Resource, (rows: Row[]) => void> = {
  'motor-policies': (rows) => expect(rows.every((r) => r.client_name === 'Test client')).toBe(true),
  'motor-quote-requests': (rows) => expect(rows.every((r) => r.client_name === 'Test client' && r.offer_count === 1 && r.status === 'quoted')).toBe(true),
  'property-policies': (rows) => expect(rows.every((r) => r.payments.length === 1 && r.meta_data.documents.length === 1)).toBe(true),
  'tpl-policies': (rows) => expect(rows.every((r) => r.payments.length === 1)).toBe(true),
  'life-policies': (rows) => expect(rows.every((r) => r.product_name === 'Savings Plus' && (r.status === 1) === (r.payment_link === null))).toBe(true),
  'horse-policies': (rows) => expect(rows.every((r) => (r.status === 1) === (r.payment_link === null))).toBe(true),
  'travel-policies': (rows) => expect(rows.every((r) => r.meta_data.travellers.length === 1 && (r.status === 1) === (r.payment_link === null))).toBe(true),
  'medical-companies': (rows) => {
    expect(rows.every((r) => r.employee_count === 2 && r.undeclared_count === 1)).toBe(true);
    expect(rows.filter((r) => r.payment_due === 13800)).not.toHaveLength(0);
    expect(rows.filter((r) => r.payment_due === 0)).not.toHaveLength(0);
  },
  'medical-policies': (rows) => expect(rows.filter((r) => r.claims.length === 1)).not.toHaveLength(0),
  payments: (rows) => expect(rows.every((r) => r.client_name === 'Test client')).toBe(true),
  refunds: (rows) => expect(rows.every((r) => r.client_name === 'Test client')).toBe(true),
  claims: (rows) => {
    expect(rows.filter((r) => r.assignee_name === 'Test admin')).not.toHaveLength(0);
    expect(new Set(rows.map((r) => `${r.product_family} ${r.customer_name}`))).toEqual(new Set(['property Ahmed Alotaibi', 'horse Faisal Alharbi']));
  },
};
const RESOURCES = Object.keys(BOUNDS) as Resource[];
const PAGE = `range=${encodeURIComponent('[0,24]')}`;
const DAY = 86_400_000;

describe('console lists read a page in a bounded number of statements', () => {
  let app: TestApp;
  let admin: StaffSession;
  let statements: RequestStatements;
  let clientId: string;
  let n = 0;
  let claimSeq = 0;

  beforeAll(async () => {
    app = await startTestApp({ countStatements: true, extraModules: [RequestStatementsModule], env: { POLICY_DOCUMENTS_POLL_MS: '0' } });
    statements = requestStatements(app);
    admin = await signIn(app, 'admin');
    clientId = (await app.createClient()).id;
  });
  afterAll(() => app.close());

  const now = () => app.clock.now();
  const at = (i: number) => new Date(now().getTime() - i * 60_000);
  const digits = (len: number) => String(++n).padStart(len, '0').slice(-len);
  const db = () => app.db.prisma;

  function payment(policyType: string, policyId: number, amount: string, status: 'pending' | 'paid', i: number): Prisma.PaymentCreateManyInput {
    return {
      id: randomUUID(),
      clientId,
      policyType,
      policyId,
      amount,
      currency: 'SAR',
      status,
      linkToken: randomBytes(24).toString('hex'),
      vendorReference: status === 'paid' ? `pay_${randomBytes(6).toString('hex')}` : null,
      expiresAt: new Date(now().getTime() + DAY),
      paidAt: status === 'paid' ? at(i) : null,
      createdAt: at(i),
      updatedAt: at(i),
    };
  }

  const SEED: Record<Resource, (count: number) => Promise<number[] | string[]>> = {
    'motor-quote-requests': async (count) => {
      const ids: number[] = [];
      for (let i = 0; i < count; i++) ids.push((await quoteRequest(i)).id);
      return ids;
    },
    'motor-policies': async (count) => {
      const ids: number[] = [];
      for (let i = 0; i < count; i++) {
        const qr = await quoteRequest(i);
        const offer = qr.offers[0];
        const policy = await db().motorPolicy.create({
          data: {
            clientId,
            quoteRequestId: qr.id,
            offerId: offer.id,
            priceId: (offer.prices as Array<{ id: string }>)[0].id,
            insurerCode: 'dune',
            productCode: 'motor-comprehensive',
            ownerId: `10${digits(8)}`,
            previousOwnerId: `10${digits(8)}`,
            carSequenceNumber: digits(9),
            iban: 'SA0380000000608010167519',
            benefits: [],
            status: i % 2,
            price: '1150.00',
            providerPolicyId: i % 2 ? `DUNE-${digits(6)}` : null,
            startDate: i % 2 ? '2026-11-23' : null,
            endDate: i % 2 ? '2027-11-22' : null,
            createdAt: at(i),
            updatedAt: at(i),
          },
        });
        await db().payment.createMany({ data: [payment('motor', policy.id, '1150.00', i % 2 ? 'paid' : 'pending', i)] });
        ids.push(policy.id);
      }
      return ids;
    },
    'property-policies': async (count) => {
      const ids: number[] = [];
      for (let i = 0; i < count; i++) ids.push(await propertyPolicy(i));
      return ids;
    },
    'tpl-policies': async (count) => {
      const ids: number[] = [];
      for (let i = 0; i < count; i++) {
        const policy = await db().tplPolicy.create({
          data: {
            clientId,
            insurerCode: 'dune',
            email: `tpl${n}@example.com`,
            vin: `1HGCM82633A${digits(6)}`,
            carSequenceNumber: digits(9),
            currentCarOwner: `10${digits(8)}`,
            newOwnerId: `10${digits(8)}`,
            istimarahFileId: randomUUID(),
            istimarahSha256: randomBytes(32).toString('hex'),
            istimarahType: 'image/jpeg',
            status: i % 2,
            price: '650.00',
            startDate: i % 2 ? '2026-11-23' : null,
            endDate: i % 2 ? '2027-11-22' : null,
            createdAt: at(i),
            updatedAt: at(i),
          },
        });
        await db().payment.createMany({ data: [payment('tpl', policy.id, '650.00', i % 2 ? 'paid' : 'pending', i)] });
        ids.push(policy.id);
      }
      return ids;
    },
    'life-policies': async (count) => {
      const ids: number[] = [];
      for (let i = 0; i < count; i++) {
        const offer = await db().lifeOffer.create({
          data: {
            id: randomUUID(),
            clientId,
            insurerCode: 'oasis',
            insurerName: 'Oasis Life',
            insurerNameAr: 'الواحة للحياة',
            productName: 'Savings Plus',
            providerReference: `OL-${digits(8)}`,
            applicantId: `10${digits(8)}`,
            dateOfBirth: '1988-04-12',
            gender: 'male',
            smoker: false,
            termYears: 20,
            premiumFrequency: 'monthly',
            sumAssured: '500000.00',
            premium: '420.00',
            annualPremium: '5040.00',
            benefits: [],
            growthRatePercent: '4.00',
            projectedValues: [],
            expiresAt: new Date(now().getTime() + 30 * DAY),
            createdAt: at(i),
          },
        });
        const policy = await db().lifePolicy.create({
          data: {
            clientId,
            offerId: offer.id,
            insurerCode: 'oasis',
            applicantId: offer.applicantId,
            beneficiaries: [{ name: 'Noura Alharbi', national_id: `10${digits(8)}`, relationship: 'spouse', share_percent: 100 }],
            status: i % 2,
            premium: '420.00',
            startDate: i % 2 ? '2026-11-23' : null,
            createdAt: at(i),
            updatedAt: at(i),
          },
        });
        await db().payment.createMany({ data: [payment('life', policy.id, '420.00', i % 2 ? 'paid' : 'pending', i)] });
        ids.push(policy.id);
      }
      return ids;
    },
    'horse-policies': async (count) => {
      const ids: number[] = [];
      for (let i = 0; i < count; i++) {
        const policy = await db().horsePolicy.create({
          data: {
            clientId,
            insurerCode: 'dune',
            horse: {
              name: `Desert Wind ${i}`,
              breed: 'Arabian',
              date_of_birth: '2019-03-01',
              sex: 'male',
              use: 'racing',
              microchip_number: `682000000${digits(6)}`,
              value: 250000,
            },
            owner: { name: 'Faisal Alharbi', id: `10${digits(8)}`, email: `owner${n}@example.com`, phone: '0512345678' },
            status: i % 2,
            ratePercent: '3.50',
            netPremium: '8750.00',
            vat: '1312.50',
            price: '10062.50',
            createdAt: at(i),
            updatedAt: at(i),
          },
        });
        await db().payment.createMany({ data: [payment('horse', policy.id, '10062.50', i % 2 ? 'paid' : 'pending', i)] });
        ids.push(policy.id);
      }
      return ids;
    },
    'travel-policies': async (count) => {
      const ids: number[] = [];
      for (let i = 0; i < count; i++) {
        const quoteId = `Q-${digits(8)}`;
        await db().travelQuote.create({
          data: {
            quoteId,
            clientId,
            insurerCode: 'yasmina',
            nationalityId: `10${digits(8)}`,
            phoneNumber: '0512345678',
            email: `trip${n}@example.com`,
            dateOfBirth: '1990-01-01',
            multiEntry: false,
            duration: 14,
            startDate: '2026-12-20',
            endDate: '2027-01-02',
            travellers: [{ full_name: 'Sara Alqahtani', passport_number: `P${digits(8)}`, date_of_birth: '1990-01-01', relationship: 'self' }],
            bill: { subtotal: '200.00', vat: '30.00', price: '230.00' },
            subtotal: '200.00',
            vat: '30.00',
            price: '230.00',
            expiresAt: new Date(now().getTime() + DAY),
            createdAt: at(i),
            updatedAt: at(i),
          },
        });
        const policy = await db().travelPolicy.create({
          data: {
            clientId,
            quoteId,
            insurerCode: 'yasmina',
            status: i % 2,
            multiEntry: false,
            duration: 14,
            startDate: '2026-12-20',
            endDate: '2027-01-02',
            subtotal: '200.00',
            vat: '30.00',
            price: '230.00',
            createdAt: at(i),
            updatedAt: at(i),
          },
        });
        await db().payment.createMany({ data: [payment('travel', policy.id, '230.00', i % 2 ? 'paid' : 'pending', i)] });
        ids.push(policy.id);
      }
      return ids;
    },
    'medical-companies': async (count) => {
      const ids: number[] = [];
      for (let i = 0; i < count; i++) ids.push((await medicalCompany(i)).companyId);
      return ids;
    },
    'medical-policies': async (count) => {
      const ids: number[] = [];
      for (let i = 0; i < count; i++) ids.push((await medicalCompany(i)).policyId);
      return ids;
    },
    payments: async (count) => {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) {
        const policy = await propertyPolicy(i);
        ids.push((await db().payment.findFirstOrThrow({ where: { policyType: 'property', policyId: policy } })).id);
      }
      return ids;
    },
    refunds: async (count) => {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) {
        const policy = await propertyPolicy(i, 1);
        const paid = await db().payment.findFirstOrThrow({ where: { policyType: 'property', policyId: policy } });
        const refund = await db().refund.create({
          data: {
            id: randomUUID(),
            clientId,
            paymentId: paid.id,
            vendorPaymentId: paid.vendorReference!,
            policyType: 'property',
            policyId: policy,
            amount: '300.00',
            currency: 'SAR',
            status: i % 3 === 0 ? 'failed' : 'succeeded',
            attempts: 1,
            nextAttemptAt: at(i),
            lastError: i % 3 === 0 ? 'card_not_refundable' : null,
            refundedAt: i % 3 === 0 ? null : at(i),
            createdAt: at(i),
            updatedAt: at(i),
          },
        });
        ids.push(refund.id);
      }
      return ids;
    },
    claims: async (count) => {
      const ids: number[] = [];
      for (let i = 0; i < count; i++) {
        // Two families on the page (one policy-and-customer read each); newer than the medical claims seeded above.
        const horse = i % 2 === 1;
        const policy = horse ? (await SEED['horse-policies'](1))[0] : await propertyPolicy(i, 1);
        const created = new Date(now().getTime() + ++claimSeq * 1000);
        const claim = await db().claim.create({
          data: {
            productFamily: horse ? 'horse' : 'property',
            policyId: Number(policy),
            clientId,
            status: i % 2 ? 'under_review' : 'submitted',
            claimType: 'water_damage',
            incidentDate: new Date('2026-11-01'),
            description: 'A pipe burst in the kitchen.',
            requestedAmount: '2500.00',
            documents: [],
            assigneeStaffId: i % 2 ? admin.id : null,
            createdBy: 'client',
            createdAt: created,
            updatedAt: created,
          },
        });
        await db().claimStatusChange.createMany({
          data: [
            { claimId: claim.id, fromStatus: null, toStatus: 'submitted', actor: 'client', createdAt: created },
            ...(i % 2
              ? [{ claimId: claim.id, fromStatus: 'submitted', toStatus: 'under_review', note: 'Asked for photos.', actor: admin.email, createdAt: created }]
              : []),
          ],
        });
        ids.push(claim.id);
      }
      return ids;
    },
  };

  /** A quote request with two insurers asked: one offer (a price and a benefit) and one decline. */
  async function quoteRequest(i: number) {
    const offerId = randomUUID();
    return db().motorQuoteRequest.create({
      data: {
        clientId,
        ownerId: `10${digits(8)}`,
        email: `car${n}@example.com`,
        phone: '0512345678',
        birthdate: '1990-01-01',
        carSequenceNumber: digits(9),
        isOwnershipTransfer: false,
        currentCarOwnerId: `10${digits(8)}`,
        carEstimatedCost: '85000.00',
        carModelYear: 2022,
        locale: 'en',
        createdAt: at(i),
        updatedAt: at(i),
        offers: {
          create: [
            {
              id: offerId,
              position: 0,
              insurerCode: 'dune',
              providerReference: `DUNE-Q-${digits(6)}`,
              companyName: 'Dune Insurance',
              companyNameAr: 'الكثبان للتأمين',
              companyLogoUrl: 'https://insurers.example/dune.png',
              squareCompanyLogoUrl: 'https://insurers.example/dune-square.png',
              type: 'comprehensive',
              insuranceTypeDisplay: 'Comprehensive',
              insuranceTypeDisplayAr: 'شامل',
              fixType: 'agency',
              vehicleEstimatedValue: '85000.00',
              expiresAt: new Date(now().getTime() + DAY),
              prices: [
                {
                  id: randomUUID(),
                  position: 0,
                  providerReference: 'P1',
                  deductible: '500.00',
                  subtotal: '1000.00',
                  vatPercentage: '15.00',
                  vat: '150.00',
                  total: '1150.00',
                },
              ],
              benefits: [
                {
                  id: randomUUID(),
                  position: 0,
                  code: 'roadside',
                  name: 'Roadside assistance',
                  nameAr: 'المساعدة على الطريق',
                  amount: '50.00',
                  vat: '7.50',
                  url: null,
                },
              ],
            },
          ],
        },
        outcomes: {
          create: [
            { insurerCode: 'dune', outcome: 'ok', latencyMs: 420, offerCount: 1 },
            { insurerCode: 'sahel', outcome: 'declined', latencyMs: 380, offerCount: 0, detail: 'Vehicle too old for this product.' },
          ],
        },
      },
      include: { offers: true },
    });
  }

  /** A property policy with its payment (pending, or paid when `status` is 1) and one document. */
  async function propertyPolicy(i: number, status = i % 2): Promise<number> {
    const policy = await db().propertyPolicy.create({
      data: {
        clientId,
        productCode: 'home-contents',
        insurerCode: 'dune',
        personalDetails: {
          name: 'Ahmed Alotaibi',
          name_ar: 'أحمد العتيبي',
          gender: 'male',
          email: `home${n}@example.com`,
          phone_number: '0512345678',
          birthdate: '1985-06-01',
          nationality: 'SA',
          nationality_id: `10${digits(8)}`,
        },
        buildingDetails: { building_age: 5, building_type: 'villa', apartment_size: 300 },
        address: {
          street_name: 'King Fahd Road',
          building_number: '1234',
          district_name: 'Al Olaya',
          city_name: 'Riyadh',
          additional_number: '5678',
          zip_code: '12211',
          unit_number: '1',
        },
        email: `home${n}@example.com`,
        nationality: 'SA',
        nationalityId: `10${digits(8)}`,
        cityName: 'Riyadh',
        contentsCost: '100000.00',
        iban: 'SA0380000000608010167519',
        startDate: new Date('2026-11-23'),
        endDate: new Date('2027-11-22'),
        status,
        netPremium: '260.87',
        vat: '39.13',
        price: '300.00',
        activatedAt: status === 1 ? at(i) : null,
        createdAt: at(i),
        updatedAt: at(i),
      },
    });
    await db().payment.createMany({ data: [payment('property', policy.id, '300.00', status === 1 ? 'paid' : 'pending', i)] });
    await db().propertyDocument.create({
      data: {
        id: randomUUID(),
        clientId,
        policyId: policy.id,
        category: 'home',
        fileId: randomUUID(),
        contentType: 'image/jpeg',
        size: 2048,
        createdAt: at(i),
      },
    });
    return policy.id;
  }

  /**
   * A company with two employees (one declared) and a policy: awaiting payment (what the company owes) on
   * even rows, active with a claim on odd ones.
   */
  /** A declaration as the service stores it: every question answered No, no chronic condition. */
  const filledDeclaration = {
    ...Object.fromEntries(DECLARATION_QUESTIONS.map((q) => [q.key, 'No'])),
    [CHRONIC_QUESTION.key]: ['None of the above'],
  };

  async function medicalCompany(i: number): Promise<{ companyId: number; policyId: number }> {
    const company = await db().medicalCompany.create({
      data: {
        clientId,
        name: `Najd Trading ${n}`,
        nameAr: 'نجد للتجارة',
        commercialRegistrationNumber: `10${digits(8)}`,
        sponsorNumber: `70${digits(8)}`,
        unifiedNationalNumber: `70${digits(8)}`,
        emailAddress: `hr${n}@najd.example`,
        phoneNumber: '0512345678',
        city: 'Riyadh',
        size: 'small',
        createdAt: at(i),
        updatedAt: at(i),
      },
    });
    const employee = (k: number, declared: boolean) => ({
      companyId: company.id,
      position: k,
      personId: `10${digits(8)}`,
      name: k ? 'Huda Alshehri' : 'Khalid Alzahrani',
      dateOfBirth: '1990-05-05',
      gender: k ? 'female' : 'male',
      nationalityIso: 'SA',
      mobileNumber: '0512345678',
      category: 'standard',
      isMarried: false,
      dependents: [],
      declaration: declared ? filledDeclaration : Prisma.DbNull,
      declaredAt: declared ? at(i) : null,
      createdAt: at(i),
    });
    await db().medicalEmployee.createMany({ data: [employee(0, true), employee(1, false)] });
    const insured = [
      { name: 'Khalid Alzahrani', identifier: '1000000001', category: 'standard', price: 6900, price_before_vat: 6000, vat: 900, dependents: [] },
      { name: 'Huda Alshehri', identifier: '1000000002', category: 'standard', price: 6900, price_before_vat: 6000, vat: 900, dependents: [] },
    ];
    const quoteRequestId = randomUUID();
    await db().medicalQuoteRequest.create({
      data: { id: quoteRequestId, clientId, companyId: company.id, employees: insured, quotes: [], failures: [], createdAt: at(i) },
    });
    const active = i % 2 === 1;
    const policy = await db().medicalPolicy.create({
      data: {
        clientId,
        companyId: company.id,
        quoteRequestId,
        quotePriceId: randomUUID(),
        insuranceProvider: 'dune',
        status: active ? 1 : 0,
        subtotal: '12000.00',
        vat: '1800.00',
        price: '13800.00',
        insured,
        providerPolicyId: active ? `DUNE-M-${digits(6)}` : null,
        issuedAt: active ? at(i) : null,
        createdAt: at(i),
        updatedAt: at(i),
      },
    });
    const paid = payment('medical', company.id, '13800.00', active ? 'paid' : 'pending', i);
    await db().payment.createMany({ data: [paid] });
    await db().medicalPolicy.update({ where: { id: policy.id }, data: { paymentId: paid.id } });
    if (active) {
      await db().claim.create({
        data: {
          productFamily: 'medical',
          policyId: policy.id,
          clientId,
          status: 'submitted',
          claimType: 'outpatient',
          incidentDate: new Date('2026-11-10'),
          description: 'Clinic visit.',
          requestedAmount: '350.00',
          documents: [],
          createdBy: 'client',
          createdAt: at(i),
          updatedAt: at(i),
        },
      });
    }
    return { companyId: company.id, policyId: policy.id };
  }

  async function measure(resource: Resource, detailId: number | string) {
    const page = await admin.call(`/admin/api/${resource}?${PAGE}`);
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(25);
    SHOWN[resource](page.body);
    const detail = await admin.call(`/admin/api/${resource}/${detailId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.id).toBe(detailId);
    const total = Number(page.headers.get('content-range')!.split('/')[1]);
    return { rows: total, page: await statements.of(page), detail: await statements.of(detail) };
  }

  it.each(RESOURCES)('%s: a page of 25 and a detail in a fixed number of statements, with 25 rows and with 50', async (resource) => {
    const first = await SEED[resource](25);
    const with25 = await measure(resource, first[0]);
    await SEED[resource](25);
    const with50 = await measure(resource, first[0]);
    expect(with25.rows).toBeGreaterThanOrEqual(25);
    expect(with50.rows).toBeGreaterThanOrEqual(with25.rows + 25);
    expect(with25.page).toBeLessThanOrEqual(BOUNDS[resource].page);
    expect(with25.detail).toBeLessThanOrEqual(BOUNDS[resource].detail);
    // Bounded, not proportional: twice the rows, the same statements.
    expect(with50.page).toBe(with25.page);
    expect(with50.detail).toBe(with25.detail);
  });
});
