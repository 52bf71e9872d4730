import { createStaff, signIn, StaffSession } from '../admin/admin-kit';
import { registerTarget } from '../embed/embed-kit';
import { eventually, offerBody, payLink, PDF, policyBody as lifePolicyBody } from '../life/life-kit';
import { COMPANY, NO_ANSWERS, RESIDENT, SAUDI } from '../medical/medical-kit';
import { browse, CARDS, payWithCard } from '../payments/payment-kit';
import { IBAN } from '../support/motor-console-kit';
import { latestCode, MotorTestEnv, OWNER, quoteBody, quoteOtp } from '../support/motor-kit';
import { jpegPhoto, pngPhoto } from '../support/photo-files';
import { activateAsPaid, policyBody as propertyPolicyBody } from '../support/property-kit';
import { issueForm, nextVehicle, pdfDocument, registerDocument } from '../tpl/tpl-kit';
import { multipartBody, type Part } from './fuzz-values';

/**
 * What the fuzz test starts from: one of each resource a path names (so a valid id reaches the body) and, for
 * the routes below, a body that the API accepted, so that a single malformed field is judged on its own and
 * values that pass validation travel on to the database and the insurers. Routes not seeded here still get
 * fuzzed, from a body sampled out of their OpenAPI schema and ids read from their list route.
 */
export interface FuzzWorld {
  partner: { id: string; secret: string; token: string };
  admin: StaffSession;
  /** "POST /api/v1/property/policies" -> a body the API accepted. */
  bodies: Map<string, unknown>;
  /** "POST /v2/car/policies" -> the parts of a form the API accepted. */
  forms: Map<string, Part[]>;
  /** "/admin/api/staff/{id}" -> the id to use (victims for the admin routes that change or disable things). */
  ids: Map<string, string>;
  /** Query parameters by name that need a real value to reach the route's work (company_id...). */
  query: Map<string, string>;
}

const text = (name: string, value: string): Part => ({ name, value: Buffer.from(value) });
const file = (name: string, bytes: Buffer, type = 'application/pdf', filename = `${name}.pdf`): Part => ({ name, value: bytes, filename, type });

export async function seedWorld(env: MotorTestEnv): Promise<FuzzWorld> {
  const app = env.app;
  const partner = await app.partner();
  const token = partner.token;
  const bodies = new Map<string, unknown>();
  const forms = new Map<string, Part[]>();
  const ids = new Map<string, string>();
  const query = new Map<string, string>();
  const call = async (key: string, json: unknown, expected: number[] = [200, 201, 204]) => {
    const [method, path] = key.split(' ');
    const res = await app.request(path, { token, method, json });
    if (!expected.includes(res.status)) throw new Error(`seeding ${key} answered ${res.status}: ${res.text}`);
    return res.body;
  };
  const record = (template: string, body: unknown) => bodies.set(template, body);

  // Property: a pending policy and a paid one with a claim and documents.
  // starts after the world's later date too, so the recorded body stays valid
  const laterStart = propertyPolicyBody({ start_date: '2027-01-15' });
  await call('POST /api/v1/property/policies', laterStart);
  record('POST /api/v1/property/policies', laterStart);
  const paidProperty = await call('POST /api/v1/property/policies', propertyPolicyBody());
  await activateAsPaid(app, paidProperty.id);
  record('POST /api/v1/property/policies/{propertyPolicy}/cancellation', { reason: 'Moving abroad' });
  const claimParts = (type: string, amount = '4200.00') => [
    text('claim_type', type),
    text('incident_date', '2026-12-02'),
    text('description', 'Water from the upstairs flat.'),
    text('requested_amount', amount),
    file('documents', PDF),
  ];
  forms.set('POST /api/v1/property/policies/{propertyPolicy}/claims', claimParts('water_damage'));
  forms.set('POST /api/v1/property/policies/{propertyPolicy}/documents', [text('category', 'home'), file('documents', PDF)]);
  ids.set('/api/v1/property/policies/{propertyPolicy}', String(paidProperty.id));

  // SME medical: company, employees, declarations, quotes, a paid policy.
  const company = await call('POST /api/v1/medical/companies', COMPANY);
  record('POST /api/v1/medical/companies', COMPANY);
  await call(`PUT /api/v1/medical/companies/${company.id}/employees`, { employees: [SAUDI, RESIDENT] });
  record('PUT /api/v1/medical/companies/{companyId}/employees', { employees: [SAUDI, RESIDENT] });
  const fill = { company_id: company.id, all_employees: NO_ANSWERS };
  await call('POST /api/v1/medical/medical-forms/fill', fill);
  record('POST /api/v1/medical/medical-forms/fill', fill);
  const medicalQuote = await call('POST /api/v1/medical/quote-requests', { company_id: company.id });
  record('POST /api/v1/medical/quote-requests', { company_id: company.id });
  const medicalPolicyBody = { quote_request_id: medicalQuote.id, quote_price_id: medicalQuote.quotes[0].quote_price_id };
  const medicalPolicy = await call('POST /api/v1/medical/policies', medicalPolicyBody);
  ids.set('/api/v1/medical/quote-requests/{quoteRequestId}', medicalQuote.id);
  query.set('company_id', String(company.id));
  record('POST /api/v1/medical/policies', medicalPolicyBody);
  record('POST /api/v1/medical/request-policies', medicalPolicyBody);
  const link = await call(`GET /api/v1/medical/payment-link?company_id=${company.id}`, undefined);
  await browse((await payWithCard(link.payment, CARDS.success)).submitted.location!);
  await eventually(async () => (await app.request(`/api/v1/medical/policies/${medicalPolicy.id}`, { token })).body.status === 1);
  forms.set('POST /api/v1/medical/policies/{policyId}/claims', [
    text('claim_type', 'outpatient'),
    text('incident_date', '2026-11-23'),
    text('description', 'Clinic visit of Khalid Al-Otaibi.'),
    text('requested_amount', '300.00'),
    file('documents', PDF),
  ]);

  // TPL v2: an issued policy with a claim; forms for issuing and cancelling.
  const vehicle = nextVehicle();
  const tplForm = await issueForm(env, vehicle);
  const tplRes = await app.request('/v2/car/policies', { method: 'POST', token, body: tplForm });
  if (tplRes.status !== 201) throw new Error(`seeding TPL answered ${tplRes.status}: ${tplRes.text}`);
  await browse((await payWithCard(tplRes.body.payment_link, CARDS.success)).submitted.location!);
  for (const param of ['carPolicy', 'policy']) ids.set(`/v2/car/policies/{${param}}`, String(tplRes.body.id));
  // the updated registration of a completed transfer: what a cancellation needs
  const transferred = pdfDocument(`fuzz-transfer-${vehicle.vin}`);
  await registerDocument(env, transferred, {
    vin: vehicle.vin,
    car_sequence_number: vehicle.car_sequence_number,
    owner_id: vehicle.new_owner_id,
    ownership_transfer_complete: true,
  });
  const second = nextVehicle();
  const istimarah = pdfDocument(`fuzz-${second.vin}`);
  await registerDocument(env, istimarah, {
    vin: second.vin,
    car_sequence_number: second.car_sequence_number,
    owner_id: second.current_car_owner,
    ownership_transfer_complete: false,
  });
  forms.set('POST /v2/car/policies', [
    ...Object.entries({ email: 'buyer@example.com', ...second }).map(([k, v]) => text(k, v)),
    text('extra_fields', '{"order":"A-1"}'),
    file('istimarah', istimarah),
  ]);
  forms.set('POST /v2/car/policies/{policy}/claims', [
    text('claim_type', 'third_party_vehicle_damage'),
    text('incident_date', '2026-11-23'),
    text('description', 'Hit a parked car.'),
    text('requested_amount', '6500.00'),
    file('documents', PDF),
  ]);
  forms.set('POST /v2/car/policies/{carPolicy}/cancellation', [file('cancellation_document', transferred)]);
  forms.set('POST /v2/clients/policies/cancellation', [
    text('vin', vehicle.vin),
    text('email', 'buyer@example.com'),
    file('cancellation_document', transferred),
  ]);

  // Life and horse: paid policies.
  const offer = (await call('POST /api/v1/life-snp/offers', offerBody()))[0];
  record('POST /api/v1/life-snp/offers', offerBody());
  const life = await call('POST /api/v1/life-snp/policies', lifePolicyBody(offer.offer_id));
  await payLink(life.payment_link);
  forms.set('POST /api/v1/life-snp/policies/{policyId}/claims', [
    text('claim_type', 'critical_illness'),
    text('incident_date', '2026-11-23'),
    text('description', 'Diagnosed with a covered illness.'),
    text('requested_amount', '50000.00'),
    file('documents', PDF),
  ]);
  forms.set('POST /api/v1/life-snp/policies/{lifePolicy}/cancellation', [file('cancellation_document', PDF)]);
  const horseBody = {
    horse: {
      name: 'Desert Wind',
      breed: 'Arabian',
      date_of_birth: '2019-03-01',
      sex: 'male',
      color: 'grey',
      use: 'racing',
      microchip_number: '682000000012345',
      value: 250000,
    },
    owner: { name: 'Faisal Alharbi', id: '1012345678', email: 'owner@example.com', phone: '0512345678' },
    declaration: true,
  };
  const horse = await call('POST /api/v1/horse/policies', horseBody);
  record('POST /api/v1/horse/policies', horseBody);
  await payLink(horse.payment_link);
  ids.set('/api/v1/horse/policies/{horsePolicy}', String(horse.id));
  ids.set('/api/v1/horse/policies/{policyId}', String(horse.id));
  forms.set('POST /api/v1/horse/policies/{policyId}/claims', [
    text('claim_type', 'vet_fees'),
    text('incident_date', '2026-11-23'),
    text('description', 'Colic treatment.'),
    text('requested_amount', '2000.00'),
    file('documents', PDF),
  ]);
  forms.set('POST /api/v1/horse/policies/{horsePolicy}/cancellation', [file('cancellation_document', PDF)]);

  // Claims need an incident inside the cover and not in the future: the world moves on to 2026-12-03 (every
  // policy above is paid by now; the property covers start on 2026-12-01).
  app.clock.set(new Date('2026-12-03T09:00:00.000Z'));
  const admin = await signIn(app, 'admin');
  // one claim on each family's paid policy (the claim routes' list and show), and a fresh life offer to issue from
  for (const [key, path] of [
    ['POST /api/v1/property/policies/{propertyPolicy}/claims', `/api/v1/property/policies/${paidProperty.id}/claims`],
    ['POST /api/v1/medical/policies/{policyId}/claims', `/api/v1/medical/policies/${medicalPolicy.id}/claims`],
    ['POST /v2/car/policies/{policy}/claims', `/v2/car/policies/${tplRes.body.id}/claims`],
    ['POST /api/v1/life-snp/policies/{policyId}/claims', `/api/v1/life-snp/policies/${life.id}/claims`],
    ['POST /api/v1/horse/policies/{policyId}/claims', `/api/v1/horse/policies/${horse.id}/claims`],
  ] as const) {
    const form = multipartBody(forms.get(key)!);
    const res = await app.request(path, { token, method: 'POST', body: form.body, headers: { 'Content-Type': form.contentType } });
    if (res.status !== 201) throw new Error(`seeding ${key} answered ${res.status}: ${res.text}`);
    ids.set(`${key.slice('POST '.length)}/{claim}`, String(res.body.id));
  }
  const freshOffer = (await call('POST /api/v1/life-snp/offers', offerBody()))[0];
  record('POST /api/v1/life-snp/policies', lifePolicyBody(freshOffer.offer_id));

  // Motor: a quote request, a TPL policy, photos for a comprehensive price, an embed session.
  const otp = await quoteOtp(app, token);
  record('POST /api/v1/car-comp/quote-otp', { owner_id: OWNER.owner_id, email: OWNER.email, phone: OWNER.phone });
  const quote = await call('POST /api/v1/car-comp/quote-requests', quoteBody(otp));
  ids.set('/api/v1/car-comp/quote-requests/{id}', String(quote.id));
  query.set('quote_request_id', String(quote.id));
  query.set('phone', OWNER.phone);
  query.set('short_address', 'RRRC7866');
  for (const [name, value] of Object.entries({
    building_type: 'villa',
    building_age: '6',
    apartment_size: '420',
    city_name: 'Riyadh',
    property_cost: '850000',
    contents_cost: '120000',
  }))
    query.set(name, value);
  record('POST /api/v1/car-comp/quote-requests', quoteBody(otp));
  const tpl = quote.quotes.find((q: any) => q.type !== 'Comprehensive');
  const selection = { quote_request_id: quote.id, quote_reference_id: tpl.quote_reference_id, quote_price_id: tpl.prices[0].quote_price_id };
  const issueOtp = { owner_id: OWNER.owner_id, email: OWNER.email, phone: OWNER.phone, iban: IBAN, ...selection };
  await call('POST /api/v1/car-comp/issue-otp', issueOtp);
  record('POST /api/v1/car-comp/issue-otp', issueOtp);
  const motorPolicyBody = { otp: await latestCode(app, token, OWNER.phone), ...selection };
  await call('POST /api/v1/car-comp/policies', motorPolicyBody);
  record('POST /api/v1/car-comp/policies', motorPolicyBody);
  const comprehensive = quote.quotes.find((q: any) => q.type === 'Comprehensive');
  const photos = [
    file('front', await jpegPhoto(1), 'image/jpeg', 'front.jpg'),
    file('back', await pngPhoto(2), 'image/png', 'back.png'),
    file('right', await jpegPhoto(3), 'image/jpeg', 'right.jpg'),
    file('left', await pngPhoto(4), 'image/png', 'left.png'),
    file('chassis', await jpegPhoto(5), 'image/jpeg', 'chassis.jpg'),
  ];
  if (comprehensive)
    forms.set('POST /api/v1/car-comp/quote-requests/{id}/attachments', [text('quote_price_id', comprehensive.prices[0].quote_price_id), ...photos]);
  await registerTarget(admin, partner.id, 'origin', 'https://shop.example.com');
  const embed = { ...quoteBody(otp), platform: 'web', parent_origin: 'https://shop.example.com', locale: 'en' };
  const session = await call('POST /api/v1/car-comp/embed-sessions', embed);
  ids.set('/api/v1/car-comp/embed-sessions/{id}', session.id);
  record('POST /api/v1/car-comp/embed-sessions', embed);
  forms.set('POST /api/v1/car-comp/embed-sessions/{id}/photos', photos);

  // Admin: victims for the routes that change, disable or rotate things, and rows for every list.
  const victim = await app.createClient(['motor-tpl']);
  const victimStaff = await createStaff(app, 'claims_handler');
  ids.set('/admin/api/clients/{id}', victim.id);
  ids.set('/admin/api/staff/{id}', victimStaff.id);
  const endpoint = await admin.call('/admin/api/webhook-endpoints', {
    json: { client_id: victim.id, url: 'https://8.8.8.8/hooks', description: 'Victim shop' },
  });
  ids.set('/admin/api/webhook-endpoints/{id}', endpoint.body.id);
  await admin.call(`/admin/api/webhook-endpoints/${endpoint.body.id}/test`, { json: {} });
  await admin.call(`/admin/api/clients/${victim.id}/embed-targets`, { json: { kind: 'origin', value: 'https://victim.example.com' } });
  bodies.set('POST /admin/api/clients', { name: 'Fuzz client', products: ['motor-tpl'] });
  bodies.set('PUT /admin/api/clients/{id}', {
    name: 'Victim client',
    contact_name: 'Ops',
    contact_email: 'ops@victim.example',
    contact_phone: '+966512345678',
  });
  bodies.set('POST /admin/api/staff', { email: 'fuzz.staff@staff.test', name: 'Fuzz Staff', role: 'operations', password: 'a long enough password' });
  bodies.set('POST /admin/api/webhook-endpoints', { client_id: victim.id, url: 'https://8.8.4.4/hooks', description: 'Fuzz' });
  bodies.set('PUT /admin/api/webhook-endpoints/{id}', { url: 'https://8.8.4.4/hooks', description: 'Fuzzed', events: ['policy.status_updated'] });
  bodies.set('POST /admin/api/clients/{id}/embed-targets', { kind: 'origin', value: 'https://fuzz.example.com' });
  bodies.set('POST /admin/api/claims', {
    product_family: 'property',
    policy_id: paidProperty.id,
    claim_type: 'theft',
    incident_date: '2026-12-02',
    description: 'Bicycle stolen from the garden.',
    requested_amount: '900.00',
  });
  bodies.set('POST /admin/api/auth/login', { email: 'nobody@staff.test', password: 'not the password at all' });
  const claim = await admin.call('/admin/api/claims', { json: bodies.get('POST /admin/api/claims') });
  if (claim.status !== 201) throw new Error(`seeding an admin claim answered ${claim.status}: ${claim.text}`);
  bodies.set('POST /admin/api/claims/{id}/transition', { status: 'under_review', note: 'Looking into it' });
  bodies.set('POST /admin/api/claims/{id}/assign', { staff_id: victimStaff.id });
  bodies.set('POST /admin/api/medical-companies/{id}/employees/preview', { csv: 'name,nationality_iso,nationality_id\nA,SA,1012345678\n' });
  return { partner, admin, bodies, forms, ids, query };
}
