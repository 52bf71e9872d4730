import { intIdOut, shape, z } from '@lib/common';

/** A CSV import saved: how many employees the company's list now has. */
export const adminMedicalEmployeesImportedShape = shape(
  'AdminMedicalEmployeesImported',
  z.object({ saved: z.number().int().min(0).meta({ description: 'The number of employees now on the list.' }) }).meta({ example: { saved: 12 } }),
);

/** An employee taken off a company's list. */
export const adminMedicalEmployeeRemovedShape = shape(
  'AdminMedicalEmployeeRemoved',
  z.object({ removed: intIdOut.meta({ description: "The employee's id." }) }).meta({ example: { removed: 381 } }),
);
