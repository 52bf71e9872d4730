import { utf8Json, writtenJson } from './json-utf8';

/** What utf8Json must give, byte for byte: JSON.stringify's text in UTF-8. */
const expected = (v: unknown) => Buffer.from(JSON.stringify(v));

/** A small seeded generator (mulberry32), so a failure names a case that can be run again. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Strings of any UTF-16 units: ASCII, escapes, Arabic, other planes' pairs, lone and reversed surrogates. */
function randomString(next: () => number): string {
  const pools = [
    () => 0x20 + Math.floor(next() * 0x5f),
    () => Math.floor(next() * 0x20),
    () => [0x22, 0x5c, 0x2f, 0x7f][Math.floor(next() * 4)],
    () => 0x600 + Math.floor(next() * 0x100),
    () => 0x80 + Math.floor(next() * 0x780),
    () => 0x800 + Math.floor(next() * 0xd000),
    () => 0xd800 + Math.floor(next() * 0x800),
    () => 0xe000 + Math.floor(next() * 0x2000),
  ];
  const units: number[] = [];
  const length = Math.floor(next() * 40);
  for (let i = 0; i < length; i++) {
    if (next() < 0.1) units.push(0xd800 + Math.floor(next() * 0x400), 0xdc00 + Math.floor(next() * 0x400));
    else units.push(pools[Math.floor(next() * pools.length)]());
  }
  return String.fromCharCode(...units);
}

function randomValue(next: () => number, depth: number): unknown {
  const pick = Math.floor(next() * (depth > 3 ? 6 : 9));
  switch (pick) {
    case 0:
      return randomString(next);
    case 1:
      return [0, -0, 1.5, -2557.06, 1e21, 1e-7, Number.MAX_SAFE_INTEGER, NaN, Infinity][Math.floor(next() * 9)];
    case 2:
      return next() < 0.5;
    case 3:
      return null;
    case 4:
      return new Date(Math.floor(next() * 4e12));
    case 5:
      return [undefined, () => 1, Symbol('s')][Math.floor(next() * 3)];
    case 6:
    case 7: {
      const o: Record<string, unknown> = {};
      const n = Math.floor(next() * 6);
      for (let i = 0; i < n; i++) o[next() < 0.2 ? String(Math.floor(next() * 10)) : randomString(next)] = randomValue(next, depth + 1);
      return o;
    }
    default:
      return Array.from({ length: Math.floor(next() * 6) }, () => randomValue(next, depth + 1));
  }
}

/** A class whose toJSON answers with the key it was called with, or undefined for `drop`. */
class Keyed {
  constructor(private readonly mode: 'key' | 'drop' = 'key') {}

  toJSON(key: string): unknown {
    return this.mode === 'drop' ? undefined : { key, type: typeof key };
  }
}

class Wrapped {
  amount = '2557.06';

  toJSON(): string {
    return 'never asked';
  }
}

class Wrapping {
  toJSON(): Wrapped {
    return new Wrapped();
  }
}

class Itself {
  name = 'ش';

  toJSON(): this {
    return this;
  }
}

describe('utf8Json: JSON.stringify written as UTF-8 bytes', () => {
  it('writes the offers of an answer exactly as JSON.stringify', () => {
    const offers = [
      {
        quote_reference_id: '1b4e28ba-2fa1-11d2-883f-0016d3cca427',
        company_name: 'Dune Takaful',
        company_name_ar: 'الكثبان للتكافل',
        vehicle_estimated_value: 80000,
        quote_expiry_date: '2026-12-01T10:00:00+03:00',
        prices: [{ quote_price_id: 'p', deductible: null, subtotal: 2557.06, vat_percentage: 15, vat: 383.56, total: 2940.62 }],
        benefits: [{ id: 'RSA', name: 'Roadside "assistance"\n', name_ar: 'المساعدة على الطريق', amount: 0, url: null }],
        expiresAt: new Date('2026-12-01T07:00:00Z'),
        skipped: undefined,
      },
    ];
    expect(utf8Json(offers).equals(expected(offers))).toBe(true);
  });

  it('matches JSON.stringify on escapes, every plane and lone surrogates', () => {
    const tricky = ['', '\u0000\u001f\u007f"\\/\b\f\n\r\t', '\ud83d\ude00', '\ud800', '\udc00x', 'x\ud800', '\udc00\ud800', 'é ش 中 \uffff \u2028'];
    for (const s of tricky) expect([s, utf8Json(s).toString('hex')]).toEqual([s, expected(s).toString('hex')]);
    expect(utf8Json({ [tricky[1]]: tricky[2] }).equals(expected({ [tricky[1]]: tricky[2] }))).toBe(true);
  });

  it('matches JSON.stringify on 2,000 generated values', () => {
    const next = random(19);
    for (let i = 0; i < 2000; i++) {
      const value = randomValue(next, 0);
      if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
      const [got, want] = [utf8Json(value), expected(value)];
      if (!got.equals(want)) throw new Error(`case ${i}: ${got.toString('hex')} instead of ${want.toString('hex')}`);
    }
  });

  it('follows JSON.stringify on toJSON, numbers, key order and what it leaves out', () => {
    const values: unknown[] = [
      { toJSON: (key: string) => ({ key }) },
      { a: { toJSON: (key: string) => `key ${key}` }, list: [{ toJSON: (key: string) => key }] },
      { b: 1, 2: 'two', a: 2, 1: 'one', undef: undefined, fn: () => 1, [Symbol('s')]: 1 },
      Object.assign([undefined, () => 1, Symbol('s')], { 4: 3 }),
      new Date(Number.NaN),
      Object.assign(Object.create({ inherited: 1 }), { own: 2 }),
      Object.assign(Object.create(null), { bare: true }),
      new Map([['a', 1]]),
      Buffer.from('hi'),
      { boxed: [new String('s'), new Number(2), new Boolean(false)] },
      { dropped: { toJSON: () => undefined }, kept: 1 },
      [
        new (class Priced {
          amount = 1;
          toJSON = undefined;
        })(),
        new (class Named {
          name = 'ش';
        })(),
      ],
      {
        decimal: new (class Decimal {
          toJSON() {
            return '2557.06';
          }
        })(),
      },
      { plainKey: { toJSON: 'not a function' } },
      // the key a toJSON is called with: the index (as a string) in an array, the property's name in an object
      [new Keyed(), { named: new Keyed() }, new Keyed()],
      { dates: [new Date(0), new Date(Number.NaN)], dropped: new Keyed('drop') },
      // what a toJSON returns is written as it is: its own toJSON is not asked, and returning itself is no loop
      { wrapped: new Wrapping() },
      { itself: new Itself() },
    ];
    for (const v of values) expect(utf8Json(v).toString('utf8')).toBe(JSON.stringify(v));
  });

  it('leaves deep structures and calls made from inside a toJSON to JSON.stringify, with the same result', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 1000; i++) deep = [deep];
    expect(utf8Json(deep).equals(expected(deep))).toBe(true);
    const nested = { inner: { toJSON: () => JSON.parse(utf8Json({ x: 'ش' }).toString('utf8')) }, after: 'ok' };
    expect(utf8Json(nested).toString('utf8')).toBe(JSON.stringify(nested));
  });

  it("throws JSON.stringify's own errors on a cycle, a BigInt and a value it cannot write", () => {
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = cycle;
    expect(() => utf8Json(cycle)).toThrow(/circular structure/);
    expect(() => utf8Json({ n: BigInt(1) })).toThrow(/BigInt/);
    // JSON.stringify gives undefined there, which is no JSON to encode
    expect(() => utf8Json(undefined)).toThrow(/Received undefined/);
    // the writer is whole again afterwards
    expect(utf8Json({ after: 'ش' }).equals(expected({ after: 'ش' }))).toBe(true);
  });

  it('writes a key it has seen from its remembered bytes as it wrote it the first time, also past how many it keeps', () => {
    // keys with escapes and Arabic, in objects of one shape and then of thousands (the kept keys are dropped and made again)
    const shaped = (i: number) => ({ 'اسم "الشركة"\n': `ش${i}`, id: i, [`k${i % 3}`]: null });
    for (let i = 0; i < 10; i++) expect(utf8Json(shaped(i)).equals(expected(shaped(i)))).toBe(true);
    const many = Array.from({ length: 5_000 }, (_, i) => ({ [`metadata_${i}`]: i, id: i }));
    expect(utf8Json(many).equals(expected(many))).toBe(true);
    for (let i = 0; i < 10; i++) expect(utf8Json(shaped(i)).equals(expected(shaped(i)))).toBe(true);
    expect(utf8Json(many.slice(0, 3)).equals(expected(many.slice(0, 3)))).toBe(true);
    // a key longer than the kept ones is written whole each time
    const long = { ['ش"'.repeat(5_000)]: 1, id: 2 };
    for (let i = 0; i < 2; i++) expect(utf8Json(long).equals(expected(long))).toBe(true);
  });

  it('writes answers larger than its buffer, and smaller ones after them', () => {
    const large = Array.from({ length: 20_000 }, (_, i) => ({ i, name: `الاسم ${i}` }));
    expect(utf8Json(large).equals(expected(large))).toBe(true);
    expect(utf8Json([1, 'a']).toString()).toBe('[1,"a"]');
  });

  it('writes JSON by hand into the same buffer: raw bytes, strings as JSON.stringify writes them, plain text; larger than the buffer too', () => {
    const name = 'ش "x" \\ \n 🚗 \udc00';
    const written = writtenJson((w) => {
      w.raw(Buffer.from('{"name":'));
      w.string(name);
      w.raw(Buffer.from(',"n":'));
      w.ascii(String(2557.06));
      w.raw(Buffer.from(',"none":'));
      w.ascii('null');
      w.raw(Buffer.from(',"long":'));
      w.string('ش'.repeat(100_000));
      w.raw(Buffer.from('}'));
    });
    expect(written.equals(expected({ name, n: 2557.06, none: null, long: 'ش'.repeat(100_000) }))).toBe(true);
    // the buffer it shares with utf8Json is whole afterwards, and a write inside a write is refused, not interleaved
    expect(utf8Json({ after: 'ش' }).equals(expected({ after: 'ش' }))).toBe(true);
    expect(() => writtenJson(() => writtenJson(() => undefined))).toThrow(/while JSON is being written/);
    expect(writtenJson((w) => w.ascii('[]')).toString()).toBe('[]');
  });
});
