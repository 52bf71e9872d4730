import { shape, z } from '@lib/common';
import { PHOTO_PARTS } from '@lib/providers';

const EXAMPLE_URL = (part: string) => `https://api.example.com/files/0b6f3c2e-7d1a-4c55-9a0e-${part === 'front' ? '1' : '2'}e4d5c6b7a80.jpg`;

const PHOTO_URLS_EXAMPLE = Object.fromEntries(PHOTO_PARTS.map((p) => [p, EXAMPLE_URL(p)]));

/**
 * The five photos of a vehicle, by part: absolute URLs, downloaded with the bearer token. Written inline where used
 * (not a named shape): the embed session's is nullable, and a nullable reference is not valid OpenAPI 3.0.
 */
export const vehiclePhotoUrls = z
  .object(
    Object.fromEntries(PHOTO_PARTS.map((p) => [p, z.string().meta({ format: 'uri', description: `Absolute URL of the ${p} photo.` })])) as Record<
      (typeof PHOTO_PARTS)[number],
      z.ZodString
    >,
  )
  .meta({ example: PHOTO_URLS_EXAMPLE });

/** The answer of the photo upload: the photos the insurer keeps for the vehicle. */
export const vehiclePhotosShape = shape(
  'MotorVehiclePhotos',
  z
    .object({
      attachments: vehiclePhotoUrls,
      already_registered: z.boolean().meta({ description: 'True when the insurer already held photos for the vehicle: `attachments` is that earlier set.' }),
    })
    .meta({ example: { attachments: PHOTO_URLS_EXAMPLE, already_registered: false } }),
);
export type VehiclePhotosOut = z.output<typeof vehiclePhotosShape>;
