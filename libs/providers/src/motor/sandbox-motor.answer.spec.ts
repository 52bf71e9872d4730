import { readQuoteAnswer } from './sandbox-motor.answer';
import { fromWireQuote } from './sandbox-motor.mapper';
import { wireQuoteResponseSchema } from './sandbox-motor.wire';

const VALID = {
  status: 'quoted',
  insurer: 'dune',
  offers: [
    {
      reference: 'DUNE-1',
      type: 'Comprehensive',
      product_name_en: 'Dune Motor Gold (Agency repair)',
      product_name_ar: 'الكثبان للمركبات الذهبي',
      fix_type: 'Agency',
      vehicle_estimated_value: '76000.00',
      valid_until: '2026-11-27T04:21:54.724Z',
      prices: [
        { reference: 'DUNE-1-500', deductible: '500.00', net_premium: '2557.06' },
        { reference: 'DUNE-1-1000', deductible: '1000.00', net_premium: '2471.19' },
      ],
      benefits: [
        {
          code: '600180',
          name_en: 'Third-party liability',
          name_ar: 'المسؤولية المدنية',
          amount: '0.00',
          url: 'http://127.0.0.1:3100/insurers/dune/terms/600180',
        },
        { code: '600160', name_en: 'Windscreen', name_ar: 'الزجاج', amount: '150.00', url: null },
        { code: '600110', name_en: 'Replacement car', name_ar: 'سيارة بديلة', amount: '85.50', url: 'https://dune.example/terms/600110?lang=en' },
      ],
    },
    {
      reference: 'DUNE-2',
      type: 'TPL',
      product_name_en: 'Dune Third Party',
      product_name_ar: 'الكثبان ضد الغير',
      fix_type: '',
      vehicle_estimated_value: null,
      valid_until: '2026-11-27T07:21:54+03:00',
      prices: [{ reference: 'DUNE-2-N', deductible: null, net_premium: '900.00' }],
      benefits: [{ code: '600180', name_en: 'Third-party liability', name_ar: 'المسؤولية المدنية', amount: '0.00', url: null }],
    },
  ],
};
const DECLINED = { status: 'declined', insurer: 'palm', reason_code: 'driver_under_age', reason: 'A driver is under 21.' };

/** Values a broken or hostile insurer might send in any place. */
const ODD_VALUES: unknown[] = [
  null,
  '',
  'x',
  0,
  1,
  -1,
  1.5,
  true,
  [],
  {},
  '12.34',
  '012.34',
  '123456789012.45',
  '1234567890123.45',
  '12.3',
  '12.345',
  ' 12.34',
  '12.34 ',
  '-12.34',
  '1e3.00',
  'Comprehensive',
  'TPL',
  'TPL +',
  'Agency',
  'workshop',
  'quoted',
  'declined',
  'http://example.com/a',
  ' https://example.com/a ',
  'https://exa\tmple.com/a',
  'ftp://example.com/a',
  'http:example.com',
  'http://',
  'javascript:alert(1)',
  '2026-11-27T04:21:54.724Z',
  '2026-11-27T04:21:54+03:00',
  '2026-02-30T00:00:00Z',
  '2026-11-27',
  '2026-11-27T04:21Z',
  '600180',
];

/** A deterministic generator (a failure must reproduce). */
function random(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s % n;
  };
}

type Json = Record<string, unknown> | unknown[];

/** Every object and array in `root`, with the root itself. */
function containers(root: Json): Json[] {
  const out: Json[] = [root];
  for (const v of Array.isArray(root) ? root : Object.values(root)) if (typeof v === 'object' && v !== null) out.push(...containers(v as Json));
  return out;
}

function mutate(answer: unknown, pick: (n: number) => number): unknown {
  const copy = structuredClone(answer) as Json;
  const all = containers(copy);
  const target = all[pick(all.length)];
  if (Array.isArray(target)) {
    const op = pick(4);
    if (op === 0) target.length = 0;
    else if (op === 1 && target.length) target.push(structuredClone(target[pick(target.length)]));
    else if (op === 2 && target.length) target.splice(pick(target.length), 1);
    else if (target.length) target[pick(target.length)] = ODD_VALUES[pick(ODD_VALUES.length)];
    return copy;
  }
  const keys = Object.keys(target);
  const op = pick(5);
  if (op === 0 && keys.length) delete target[keys[pick(keys.length)]];
  else if (op === 1) target[`extra_${pick(3)}`] = ODD_VALUES[pick(ODD_VALUES.length)];
  else if (keys.length) target[keys[pick(keys.length)]] = ODD_VALUES[pick(ODD_VALUES.length)];
  return copy;
}

/** The reader and the schema (then the mapper) must agree on every answer: same verdict, same result. */
function expectAgreement(answer: unknown): boolean {
  const fast = readQuoteAnswer(answer);
  const slow = wireQuoteResponseSchema.safeParse(answer);
  expect({ answer, accepted: fast !== undefined }).toEqual({ answer, accepted: slow.success });
  if (slow.success) expect(fast).toEqual(fromWireQuote(slow.data));
  return slow.success;
}

describe('readQuoteAnswer', () => {
  it('reads a valid answer and a decline as the schema and the mapper do, amounts in halalas', () => {
    expect(expectAgreement(VALID)).toBe(true);
    expect(expectAgreement(DECLINED)).toBe(true);
    const read = readQuoteAnswer(VALID);
    if (read?.status !== 'quoted') throw new Error('not read');
    expect(read.offers[0].prices.map((p) => [p.deductible, p.netPremium])).toEqual([
      [50_000, 255_706],
      [100_000, 247_119],
    ]);
    expect(read.offers[0].benefits.map((b) => b.amount)).toEqual([0, 15_000, 8_550]);
    expect(read.offers[1].vehicleEstimatedValue).toBeNull();
    expect(read.offers[1].validUntil.toISOString()).toBe('2026-11-27T04:21:54.000Z');
  });

  it('refuses what the contract refuses: each rule of the offer', () => {
    const broken = (change: (offer: Record<string, any>) => void) => {
      const answer = structuredClone(VALID) as typeof VALID & { offers: Record<string, any>[] };
      change(answer.offers[0]);
      expect(readQuoteAnswer(answer)).toBeUndefined();
      expect(wireQuoteResponseSchema.safeParse(answer).success).toBe(false);
    };
    broken((o) => (o.fix_type = ''));
    broken((o) => (o.prices[0].deductible = null));
    broken((o) => (o.benefits[1].code = '600180'));
    broken((o) => (o.prices = []));
    broken((o) => (o.prices[0].net_premium = '2557.6'));
    broken((o) => (o.prices[0].net_premium = 2557.06));
    broken((o) => (o.benefits[0].url = 'ftp://dune.example/terms'));
    broken((o) => (o.valid_until = '2026-11-27T04:21:54'));
    broken((o) => {
      o.type = 'TPL';
      o.fix_type = '';
    });
  });

  it('agrees with the schema on thousands of broken answers', () => {
    const pick = random(20261126);
    let accepted = 0;
    for (let i = 0; i < 4000; i++) {
      let answer = mutate(i % 7 === 0 ? DECLINED : VALID, pick);
      if (pick(3) === 0) answer = mutate(answer, pick);
      if (expectAgreement(answer)) accepted++;
    }
    // both verdicts were exercised, not only refusals
    expect(accepted).toBeGreaterThan(200);
    expect(accepted).toBeLessThan(3800);
  });
});
