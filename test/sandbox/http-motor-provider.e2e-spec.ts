import { HttpMotorProvider, MotorProviderError } from '@lib/providers';
import { makePhotoFixtures, startPhotoServer, type PhotoServer } from './photo-fixtures';
import { control, http, motorRisk, OWNER_ID, SECOND_DRIVER_ID, startSandbox, type RunningSandbox } from './sandbox-test-kit';

async function failure(promise: Promise<unknown>): Promise<MotorProviderError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof MotorProviderError) return err;
    throw err;
  }
  throw new Error('expected the call to fail');
}

describe('HttpMotorProvider against the sandbox', () => {
  let sandbox: RunningSandbox;
  let provider: HttpMotorProvider;

  beforeAll(async () => {
    sandbox = await startSandbox();
    provider = new HttpMotorProvider({ baseUrl: `${sandbox.baseUrl}/`, timeoutMs: 5000 });
  });
  afterEach(() => http('POST', `${sandbox.baseUrl}/__control/reset`));
  afterAll(() => sandbox.close());

  it('lists insurers', async () => {
    const insurers = await provider.listInsurers();
    expect(insurers.length).toBeGreaterThanOrEqual(8);
    expect(insurers.find((i) => i.code === 'naseem')).toMatchObject({ nameAr: 'نسيم المباشر للتأمين', logoUrl: null, squareLogoUrl: null });
  });

  it('maps offers to whole halalas and dates', async () => {
    const result = await provider.quote('dune', motorRisk());
    if (result.status !== 'quoted') throw new Error('declined');
    const comp = result.offers.find((o) => o.type === 'Comprehensive' && o.fixType === 'workshop')!;
    expect(comp.vehicleEstimatedValue).toBe(7_600_000);
    expect(comp.validUntil).toBeInstanceOf(Date);
    expect(comp.prices[0].deductible).toBe(50_000);
    expect(Number.isInteger(comp.prices[0].netPremium)).toBe(true);
    expect(comp.prices[0].netPremium).toBeGreaterThan(comp.prices[1].netPremium);
    const tpl = result.offers.find((o) => o.type === 'TPL')!;
    expect(tpl.prices).toHaveLength(1);
    expect(tpl.prices[0].deductible).toBeNull();
  });

  it('reports a decline as an answer', async () => {
    const young = motorRisk({
      drivers: [
        { id: OWNER_ID, age: 40, drivingPercentage: 50 },
        { id: SECOND_DRIVER_ID, age: 19, drivingPercentage: 50 },
      ],
    });
    expect(await provider.quote('dune', young)).toEqual({ status: 'declined', reasonCode: 'driver_under_age', reason: expect.any(String) });
  });

  it('classifies failures', async () => {
    await control(sandbox, 'dune', { fault: 'error' });
    await control(sandbox, 'palm', { fault: 'malformed' });
    await control(sandbox, 'oryx', { fault: 'timeout' });
    expect(await failure(provider.quote('dune', motorRisk()))).toMatchObject({ failure: 'unavailable', status: 500 });
    const malformed = await failure(provider.quote('palm', motorRisk()));
    expect(malformed.failure).toBe('bad_response');
    expect(malformed.message).toMatch(/broke the contract/);
    // oryx never answers: the call returning at all shows the timeout cut it (however busy the machine)
    expect(await failure(provider.quote('oryx', motorRisk(), { timeoutMs: 300 }))).toMatchObject({ failure: 'timeout' });
    expect(await failure(provider.quote('nobody', motorRisk()))).toMatchObject({ failure: 'not_found' });
  });

  it('stops when the caller aborts', async () => {
    await control(sandbox, 'oryx', { fault: 'timeout' });
    expect(await failure(provider.quote('oryx', motorRisk(), { signal: AbortSignal.timeout(200) }))).toMatchObject({ failure: 'timeout' });
  });

  it('reports an unreachable insurer as unavailable', async () => {
    const gone = await startSandbox();
    await gone.close();
    const offline = new HttpMotorProvider({ baseUrl: gone.baseUrl, timeoutMs: 2000 });
    expect(await failure(offline.quote('dune', motorRisk()))).toMatchObject({ failure: 'unavailable' });
  });

  it('refuses a risk the contract cannot carry without calling the insurer', async () => {
    const bad = motorRisk({ drivers: [{ id: OWNER_ID, age: 40, drivingPercentage: 75 }] });
    const err = await failure(provider.quote('dune', bad));
    expect(err.failure).toBe('rejected');
    expect(err.details).toHaveProperty('drivers');
  });

  it('registers customs vehicles idempotently and passes on field errors', async () => {
    const vehicle = { customNumber: '8880001', makerCode: 1, modelCode: 1001, bodyTypeCode: 1, modelYear: 2024, ownerId: OWNER_ID };
    expect((await provider.registerCustomsVehicle(vehicle)).alreadyRegistered).toBe(false);
    const again = await provider.registerCustomsVehicle(vehicle);
    expect(again.alreadyRegistered).toBe(true);
    expect(again.vehicle.registeredAt).toBeInstanceOf(Date);
    const err = await failure(provider.registerCustomsVehicle({ ...vehicle, customNumber: '8880002', makerCode: 2 }));
    expect(err).toMatchObject({ failure: 'rejected', status: 422 });
    expect(err.details).toHaveProperty('model_code');
  });

  describe('photos', () => {
    let photos: PhotoServer;
    beforeAll(async () => {
      photos = await startPhotoServer(await makePhotoFixtures());
    });
    afterAll(() => photos.close());

    const set = (front = 'good.jpg') => ({
      front: photos.url(front),
      back: photos.url('good.png'),
      right: photos.url('good.jpg'),
      left: photos.url('good.png'),
      chassis: photos.url('good.jpg'),
    });

    it('registers the first set and reports a repeat as already registered', async () => {
      expect(await provider.submitVehiclePhotos('dune', { sequenceNumber: '200000001' }, set())).toEqual({ alreadyRegistered: false, photos: set() });
      expect(await provider.submitVehiclePhotos('dune', { sequenceNumber: '200000001' }, set('good.png'))).toEqual({ alreadyRegistered: true, photos: set() });
    });

    it('passes on which photo was refused', async () => {
      const err = await failure(provider.submitVehiclePhotos('dune', { customNumber: '9990001' }, set('truncated.jpg')));
      expect(err.failure).toBe('rejected');
      expect(err.details?.['photos.front']?.[0]).toMatch(/damaged or truncated/);
    });
  });
});
