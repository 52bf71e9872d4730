import { BODY_TYPES } from './data/body-types.data';
import { MAKERS } from './data/makers.data';
import { AMERICAN_MODELS } from './data/models-america.data';
import { CHINESE_MODELS } from './data/models-china.data';
import { EUROPEAN_MODELS } from './data/models-europe.data';
import { JAPANESE_MODELS } from './data/models-japan.data';
import { KOREAN_MODELS } from './data/models-korea.data';
import { foldSearchText } from './search-text';
import type { VehicleBodyType, VehicleLookupItem, VehicleMaker, VehicleModel } from './vehicle-lookup.types';

const MODELS: readonly VehicleModel[] = [...JAPANESE_MODELS, ...KOREAN_MODELS, ...AMERICAN_MODELS, ...EUROPEAN_MODELS, ...CHINESE_MODELS];

interface Indexed<T extends VehicleLookupItem> {
  item: T;
  folded: string;
}

function index<T extends VehicleLookupItem>(items: readonly T[]): Indexed<T>[] {
  return items.map((item) => ({ item, folded: `${foldSearchText(item.name_en)}\n${foldSearchText(item.name_ar)}` }));
}

const makersByCode = new Map(MAKERS.map((m) => [m.code, m]));
const modelsByCode = new Map(MODELS.map((m) => [m.code, m]));
const bodyTypesByCode = new Map(BODY_TYPES.map((b) => [b.code, b]));

const modelsByMaker = new Map<number, Indexed<VehicleModel>[]>();
for (const entry of index(MODELS)) {
  const list = modelsByMaker.get(entry.item.maker_code) ?? [];
  list.push(entry);
  modelsByMaker.set(entry.item.maker_code, list);
}
// A maker without a model cannot be quoted, so the lookup never offers it.
const availableMakers = index(MAKERS.filter((m) => modelsByMaker.has(m.code)));
const indexedBodyTypes = index(BODY_TYPES);

function toItem({ code, name_en, name_ar }: VehicleLookupItem): VehicleLookupItem {
  return { code, name_en, name_ar };
}

/**
 * Substring search over both names. A whole number also matches the exact code, listed first,
 * and still matches names containing it, because model names such as "3008" or "300C" are numbers too.
 */
function search<T extends VehicleLookupItem>(entries: readonly Indexed<T>[], q: string | undefined): VehicleLookupItem[] {
  const needle = foldSearchText(q ?? '');
  if (needle === '') return entries.map((e) => toItem(e.item));
  const code = /^\d+$/.test(needle) ? Number(needle) : null;
  const byCode = entries.filter((e) => e.item.code === code);
  const byName = entries.filter((e) => e.item.code !== code && e.folded.includes(needle));
  return [...byCode, ...byName].map((e) => toItem(e.item));
}

export function searchMakers(q?: string): VehicleLookupItem[] {
  return search(availableMakers, q);
}

/** Only the given maker's models; an unknown maker has none. */
export function searchModels(makerCode: number, q?: string): VehicleLookupItem[] {
  return search(modelsByMaker.get(makerCode) ?? [], q);
}

export function searchBodyTypes(q?: string): VehicleLookupItem[] {
  return search(indexedBodyTypes, q);
}

export function findMaker(code: number): VehicleMaker | null {
  return makersByCode.get(code) ?? null;
}

/** Null when the model is unknown or belongs to another maker: a customs-card quote must name a consistent pair. */
export function findModel(makerCode: number, modelCode: number): VehicleModel | null {
  const model = modelsByCode.get(modelCode);
  return model && model.maker_code === makerCode ? model : null;
}

export function findBodyType(code: number): VehicleBodyType | null {
  return bodyTypesByCode.get(code) ?? null;
}

/** Catalogue sizes, for health output and the data checks. */
export function catalogueStats() {
  return { makers: MAKERS.length, availableMakers: availableMakers.length, models: MODELS.length, bodyTypes: BODY_TYPES.length };
}

export const ALL_MODELS = MODELS;
