import { Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { intId, z } from '@lib/common';
import { PHOTO_PARTS } from '@lib/providers';
import { CurrentPartner, PartnerApi } from '../../../platform/auth/partner-api.decorator';
import type { Partner } from '../../../platform/auth/partner';
import { ApiErrors } from '../../../platform/openapi/api-errors.decorator';
import { Responds } from '../../../platform/openapi/responds.decorator';
import { AcceptsMultipart } from '../../../platform/files/multipart';
import { MOTOR_COMPARISON_PRODUCTS } from '../motor-products';
import { MultipartUpload, PhotoUploadGuard, UploadedParts } from './multipart-upload.guard';
import { RegisterVehiclePhotosUseCase } from './register-vehicle-photos.use-case';
import { VehiclePhotosOut, vehiclePhotosShape } from './vehicle-photos.response';

const idParam = z.strictObject({ id: intId });

const PART_DOCS: Record<(typeof PHOTO_PARTS)[number], string> = {
  front: 'Front of the vehicle.',
  back: 'Back of the vehicle.',
  right: 'Right side of the vehicle.',
  left: 'Left side of the vehicle.',
  chassis: 'The chassis (VIN) number.',
};

@ApiTags('Motor price comparison')
@PartnerApi(...MOTOR_COMPARISON_PRODUCTS)
@Controller('api/v1/car-comp/quote-requests')
export class VehiclePhotosController {
  constructor(private readonly registerPhotos: RegisterVehiclePhotosUseCase) {}

  @Post(':id/attachments')
  @HttpCode(200)
  @AcceptsMultipart()
  @UseGuards(PhotoUploadGuard)
  @ApiOperation({
    summary: 'Upload the vehicle photos',
    description:
      'multipart/form-data with `quote_price_id` (a price of a **Comprehensive** offer of this quote request that has not expired) and five files ' +
      '`front`, `back`, `right`, `left`, `chassis`, all required together. Each file is a JPEG or PNG of at most 3 MB, judged by its content ' +
      '(the file name and declared type are ignored; damaged or truncated images are refused). ' +
      'The insurer of the chosen offer downloads and checks every photo during the call: a photo it refuses is a 422 naming the part, an insurer that fails or does not answer is a 502. ' +
      'Call this before requesting the issue OTP: comprehensive cover cannot be issued without photos. ' +
      'The insurer keeps the first set it accepted for a vehicle: a later upload for the same vehicle answers 200 with `already_registered: true` and the photos it kept, which stay unchanged. ' +
      "On success the quote request's `attachments` becomes the returned object. The photo URLs are absolute; download them with the bearer token (the insurer gets signed URLs that expire in minutes). " +
      '`Idempotency-Key` works here too: a retry must send the same parts and the same file bytes (compared by SHA-256); other files under the same key are refused with 42202.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['quote_price_id', ...PHOTO_PARTS],
      properties: {
        quote_price_id: { type: 'string', format: 'uuid', description: '`quote_price_id` of a price of a Comprehensive offer of this quote request.' },
        ...Object.fromEntries(PHOTO_PARTS.map((p) => [p, { type: 'string', format: 'binary', description: `${PART_DOCS[p]} JPEG or PNG, at most 3 MB.` }])),
      },
    },
  })
  @Responds(200, vehiclePhotosShape, 'The photo URLs the insurer keeps for the vehicle.')
  @ApiErrors(400, 404, 413, 415, 422, 502)
  upload(
    @CurrentPartner() partner: Partner,
    @Param({ schema: idParam }) p: z.infer<typeof idParam>,
    @UploadedParts() upload: MultipartUpload,
  ): Promise<VehiclePhotosOut> {
    return this.registerPhotos.execute({ clientId: partner.clientId, quoteRequestId: p.id, upload });
  }
}
