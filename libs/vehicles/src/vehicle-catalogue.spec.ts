import { ALL_MODELS, BODY_TYPES, MAKERS, findBodyType, findMaker, findModel, searchBodyTypes, searchMakers, searchModels } from './';

const TOYOTA = 1;
const HYUNDAI = 2;
const codes = (items: { code: number }[]) => items.map((i) => i.code);
const names = (items: { name_en: string }[]) => items.map((i) => i.name_en);

describe('vehicle catalogue data', () => {
  it('is large enough to quote the Saudi market', () => {
    expect(searchMakers().length).toBeGreaterThanOrEqual(40);
    expect(ALL_MODELS.length).toBeGreaterThanOrEqual(300);
    expect(BODY_TYPES.length).toBeGreaterThanOrEqual(11);
  });

  it('has unique codes and every model points at a known maker', () => {
    expect(new Set(codes([...MAKERS])).size).toBe(MAKERS.length);
    expect(new Set(codes([...ALL_MODELS])).size).toBe(ALL_MODELS.length);
    expect(new Set(codes([...BODY_TYPES])).size).toBe(BODY_TYPES.length);
    for (const m of ALL_MODELS) expect(findMaker(m.maker_code)).not.toBeNull();
  });

  it('names everything in English and in Arabic script', () => {
    const arabic = /[\u0600-\u06FF]/;
    for (const item of [...MAKERS, ...BODY_TYPES]) expect(item.name_ar).toMatch(arabic);
    // Model names that are bare numbers ("3008", "911") are written the same in Arabic.
    for (const m of ALL_MODELS) expect(arabic.test(m.name_ar) || /^[\d ]+$/.test(m.name_ar)).toBe(true);
  });

  it('keeps codes stable', () => {
    expect(findMaker(TOYOTA)).toEqual({ code: 1, name_en: 'Toyota', name_ar: 'تويوتا' });
    expect(findModel(TOYOTA, 1001)).toMatchObject({ name_en: 'Camry', name_ar: 'كامري' });
    expect(findModel(TOYOTA, 1003)).toMatchObject({ name_en: 'Land Cruiser', name_ar: 'لاند كروزر' });
    expect(findBodyType(1)).toEqual({ code: 1, name_en: 'Sedan', name_ar: 'سيدان' });
  });
});

describe('searchMakers', () => {
  it('searches English names case-insensitively', () => {
    expect(names(searchMakers('toy'))).toEqual(['Toyota']);
    expect(names(searchMakers('MERCEDES'))).toEqual(['Mercedes-Benz']);
  });

  it('searches Arabic names, forgiving hamza spelling', () => {
    expect(names(searchMakers('تويوتا'))).toEqual(['Toyota']);
    expect(names(searchMakers('هيونداي'))).toEqual(['Hyundai']);
    expect(names(searchMakers('اودي'))).toEqual(['Audi']);
  });

  it('matches a whole number against the exact code', () => {
    expect(searchMakers('2')[0]).toEqual({ code: HYUNDAI, name_en: 'Hyundai', name_ar: 'هيونداي' });
    expect(searchMakers('٢')[0].code).toBe(HYUNDAI);
    expect(searchMakers('9999')).toEqual([]);
  });

  it('hides makers without any model', () => {
    expect(findMaker(63)?.name_en).toBe('Daewoo');
    expect(searchMakers('daewoo')).toEqual([]);
    expect(codes(searchMakers())).not.toContain(63);
  });

  it('returns only lookup fields', () => {
    expect(Object.keys(searchMakers('kia')[0]).sort()).toEqual(['code', 'name_ar', 'name_en']);
  });
});

describe('searchModels', () => {
  it('returns only the models of the given maker', () => {
    const toyota = searchModels(TOYOTA);
    expect(toyota.length).toBeGreaterThan(20);
    for (const m of toyota) expect(findModel(TOYOTA, m.code)).not.toBeNull();
    expect(names(toyota)).not.toContain('Elantra');
    expect(searchModels(9999)).toEqual([]);
  });

  it('searches within the maker in both languages', () => {
    expect(names(searchModels(TOYOTA, 'cruiser'))).toEqual(['Land Cruiser', 'Land Cruiser Pickup', 'FJ Cruiser', 'Urban Cruiser']);
    expect(names(searchModels(TOYOTA, 'كامري'))).toEqual(['Camry']);
    expect(names(searchModels(TOYOTA, 'لاند كروزر'))).toEqual(['Land Cruiser', 'Land Cruiser Pickup']);
    expect(searchModels(HYUNDAI, 'camry')).toEqual([]);
  });

  it('matches the exact code first and names containing the number after it', () => {
    expect(names(searchModels(TOYOTA, '1001'))).toEqual(['Camry']);
    expect(names(searchModels(29, '3008'))).toEqual(['3008']);
    const changan = searchModels(16, '35');
    expect(names(changan)).toEqual(['CS35', 'CS35 Plus']);
  });
});

describe('findModel', () => {
  it('is null for a model of another maker', () => {
    const elantra = searchModels(HYUNDAI, 'elantra')[0];
    expect(findModel(HYUNDAI, elantra.code)).not.toBeNull();
    expect(findModel(TOYOTA, elantra.code)).toBeNull();
    expect(findModel(TOYOTA, 424242)).toBeNull();
  });
});

describe('searchBodyTypes', () => {
  it('finds body types in both languages and by code', () => {
    expect(names(searchBodyTypes('suv'))).toEqual(['SUV']);
    expect(names(searchBodyTypes('حافلة'))).toEqual(['Minibus', 'Bus']);
    expect(names(searchBodyTypes('pickup'))).toEqual(['Pickup', 'Double cabin pickup']);
    expect(searchBodyTypes('4')[0].name_en).toBe('Pickup');
    expect(findBodyType(999)).toBeNull();
  });
});
