import { wireRegisteredVehicleSchema } from '@lib/providers';
import { http, OWNER_ID, startSandbox, type RunningSandbox } from './sandbox-test-kit';

const vehicle = (customNumber: string, over: Record<string, unknown> = {}) => ({
  custom_number: customNumber,
  maker_code: 1,
  model_code: 1003,
  body_type_code: 3,
  model_year: 2024,
  owner_id: OWNER_ID,
  ...over,
});

describe('sandbox customs-card registry', () => {
  let sandbox: RunningSandbox;
  const register = (body: unknown) => http('POST', `${sandbox.baseUrl}/registry/vehicles`, body);

  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox.close());

  it('registers a new vehicle with 201 and finds it again', async () => {
    const res = await register(vehicle('1000001'));
    expect(res.status).toBe(201);
    expect(wireRegisteredVehicleSchema.parse(res.body)).toMatchObject({ custom_number: '1000001', model_code: 1003, already_registered: false });
    const found = await http('GET', `${sandbox.baseUrl}/registry/vehicles/1000001`);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ custom_number: '1000001', maker_code: 1 });
  });

  it('answers 200 already_registered for a repeat and keeps the first registration', async () => {
    const first = await register(vehicle('1000002'));
    const again = await register(vehicle('1000002', { model_year: 2023 }));
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...first.body, already_registered: true });
  });

  it.each([
    ['an unknown maker', { maker_code: 9999 }, 'maker_code'],
    ['a model of another maker', { maker_code: 2, model_code: 1003 }, 'model_code'],
    ['an unknown body type', { body_type_code: 999 }, 'body_type_code'],
    ['a malformed custom number', { custom_number: '12AB' }, 'custom_number'],
    ['a model year after next year', { model_year: 2100 }, 'model_year'],
  ])('refuses %s with 422', async (_, over, field) => {
    const res = await register(vehicle('1000003', over));
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty(field);
    expect((await http('GET', `${sandbox.baseUrl}/registry/vehicles/1000003`)).status).toBe(404);
  });
});
