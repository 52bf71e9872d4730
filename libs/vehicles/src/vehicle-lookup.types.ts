/** One row of the makers, models or body types lookups, exactly as the partner API returns it. */
export interface VehicleLookupItem {
  code: number;
  name_en: string;
  name_ar: string;
}

export type VehicleMaker = VehicleLookupItem;

export interface VehicleModel extends VehicleLookupItem {
  maker_code: number;
}

export type VehicleBodyType = VehicleLookupItem;

/** `[sequence within the maker, English name, Arabic name]`: the model code is derived from both numbers. */
export type ModelRow = readonly [number, string, string];

/**
 * Model codes are `maker code * 1000 + sequence`, so a code never changes when rows are reordered
 * and a model's maker can be read from its code when debugging.
 */
export function modelCode(makerCode: number, sequence: number): number {
  return makerCode * 1000 + sequence;
}

export function defineModels(makerCode: number, rows: readonly ModelRow[]): VehicleModel[] {
  return rows.map(([seq, name_en, name_ar]) => ({ code: modelCode(makerCode, seq), maker_code: makerCode, name_en, name_ar }));
}
