import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiError, intId, z } from '@lib/common';
import { findMaker, searchBodyTypes, searchMakers, searchModels } from '@lib/vehicles';
import { PartnerApi } from '../../../platform/auth/partner-api.decorator';
import { ApiErrors } from '../../../platform/openapi/api-errors.decorator';
import { Responds } from '../../../platform/openapi/responds.decorator';
import { MOTOR_COMPARISON_PRODUCTS } from '../motor-products';
import { VehicleLookupListOut, vehicleLookupListShape } from './vehicle-lookup.response';

const q = z.string().max(100, 'The q may not be greater than 100 characters.').optional();
const searchQuery = z.strictObject({ q });
const modelsQuery = z.strictObject({
  q,
  maker_code: intId,
});

const SEARCH_RULE = '`q` (at most 100 characters) searches English and Arabic names case-insensitively; a whole number matches the exact code.';

@ApiTags('Motor price comparison')
@PartnerApi(...MOTOR_COMPARISON_PRODUCTS)
@Controller('api/v1/car-comp')
export class VehicleLookupsController {
  @Get('vehicle-makers')
  @ApiOperation({ summary: 'Vehicle makers', description: `Only makers with at least one model. ${SEARCH_RULE} Use these codes for customs-card quotes.` })
  @Responds(200, vehicleLookupListShape, 'The matching makers.')
  @ApiErrors(422)
  makers(@Query({ schema: searchQuery }) query: z.infer<typeof searchQuery>): VehicleLookupListOut {
    return searchMakers(query.q);
  }

  @Get('vehicle-models')
  @ApiOperation({ summary: 'Vehicle models of a maker', description: `\`maker_code\` is required; only that maker's models are returned. ${SEARCH_RULE}` })
  @Responds(200, vehicleLookupListShape, "The maker's matching models.")
  @ApiErrors(422)
  models(@Query({ schema: modelsQuery }) query: z.infer<typeof modelsQuery>): VehicleLookupListOut {
    if (!findMaker(query.maker_code)) throw ApiError.field('maker_code', 'The selected maker code is invalid.');
    return searchModels(query.maker_code, query.q);
  }

  @Get('vehicle-body-types')
  @ApiOperation({ summary: 'Vehicle body types', description: SEARCH_RULE })
  @Responds(200, vehicleLookupListShape, 'The matching body types.')
  @ApiErrors(422)
  bodyTypes(@Query({ schema: searchQuery }) query: z.infer<typeof searchQuery>): VehicleLookupListOut {
    return searchBodyTypes(query.q);
  }
}
