import { shape, z } from '@lib/common';

/** One maker, model or body type: its code (what quotes take) and its names. */
const vehicleLookupItem = z.object({
  code: z.number().int().min(1),
  name_en: z.string(),
  name_ar: z.string(),
});

/** The answer of every vehicle lookup (makers, models of a maker, body types). */
export const vehicleLookupListShape = shape(
  'MotorVehicleLookupList',
  z.array(vehicleLookupItem).meta({ example: [{ code: 101, name_en: 'Toyota', name_ar: 'تويوتا' }] }),
);
export type VehicleLookupListOut = z.output<typeof vehicleLookupListShape>;
