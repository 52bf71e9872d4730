import sharp from 'sharp';
import { wireInsurersResponseSchema } from '@lib/providers';
import { http, startSandbox, type RunningSandbox } from './sandbox-test-kit';

describe('sandbox insurers and logos', () => {
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    sandbox = await startSandbox({ publicUrl: 'https://sandbox.example.test/' });
  });
  afterAll(() => sandbox.close());

  it('lists at least eight insurers with both names, products and absolute logo URLs', async () => {
    const res = await http('GET', `${sandbox.baseUrl}/insurers`);
    expect(res.status).toBe(200);
    const { insurers } = wireInsurersResponseSchema.parse(res.body);
    expect(insurers.length).toBeGreaterThanOrEqual(8);
    expect(new Set(insurers.map((i) => i.code)).size).toBe(insurers.length);
    for (const i of insurers) {
      expect(i.name_ar).toMatch(/[\u0600-\u06FF]/);
      expect(i.motor_products.length).toBeGreaterThan(0);
    }
    expect(insurers.find((i) => i.code === 'dune')).toEqual({
      code: 'dune',
      name_en: 'Dune Cooperative Insurance',
      name_ar: 'الكثبان للتأمين التعاوني',
      logo_url: 'https://sandbox.example.test/logos/dune-wide.svg',
      square_logo_url: 'https://sandbox.example.test/logos/dune-square.svg',
      motor_products: ['Comprehensive', 'TPL', 'TPL +'],
    });
    expect(insurers.find((i) => i.code === 'naseem')).toMatchObject({ logo_url: null, square_logo_url: null });
    expect(insurers.some((i) => !i.motor_products.includes('TPL'))).toBe(true);
    expect(insurers.some((i) => !i.motor_products.includes('Comprehensive'))).toBe(true);
  });

  it('serves every logo as an SVG that renders to the advertised size', async () => {
    const { insurers } = wireInsurersResponseSchema.parse((await http('GET', `${sandbox.baseUrl}/insurers`)).body);
    for (const insurer of insurers.filter((i) => i.logo_url)) {
      for (const [variant, width, height] of [
        ['wide', 320, 96],
        ['square', 128, 128],
      ] as const) {
        const res = await fetch(`${sandbox.baseUrl}/logos/${insurer.code}-${variant}.svg`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toContain('image/svg+xml');
        const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['svg', width, height]);
      }
    }
  });

  it('answers 404 for the logo of an insurer without one', async () => {
    expect((await http('GET', `${sandbox.baseUrl}/logos/naseem-wide.svg`)).status).toBe(404);
    expect((await http('GET', `${sandbox.baseUrl}/logos/nobody-square.svg`)).status).toBe(404);
  });

  it('derives logo URLs from the request when no public URL is configured', async () => {
    const local = await startSandbox();
    try {
      const { insurers } = wireInsurersResponseSchema.parse((await http('GET', `${local.baseUrl}/insurers`)).body);
      expect(insurers[0].logo_url).toBe(`${local.baseUrl}/logos/${insurers[0].code}-wide.svg`);
    } finally {
      await local.close();
    }
  });
});
