import { findBodyType, findMaker, findModel } from '@lib/vehicles';

export interface VehicleCodes {
  maker_code: number;
  model_code: number;
  body_type_code: number;
}

/** Field -> messages for codes the catalogue does not know, or a model of another maker. Empty when all is well. */
export function vehicleCodeErrors(codes: VehicleCodes, prefix = ''): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!findMaker(codes.maker_code)) errors[`${prefix}maker_code`] = ['The selected maker code is invalid.'];
  else if (!findModel(codes.maker_code, codes.model_code)) errors[`${prefix}model_code`] = ['The selected model code does not belong to the maker.'];
  if (!findBodyType(codes.body_type_code)) errors[`${prefix}body_type_code`] = ['The selected body type code is invalid.'];
  return errors;
}
