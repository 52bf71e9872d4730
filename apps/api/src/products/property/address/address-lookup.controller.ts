import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiError, z } from '@lib/common';
import { parseShortAddress } from '@lib/common/saudi';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { PropertyProviderError, type PropertyProvider } from '@lib/providers';
import { CurrentPartner, PartnerApi } from '../../../platform/auth/partner-api.decorator';
import type { Partner } from '../../../platform/auth/partner';
import { ApiErrors } from '../../../platform/openapi/api-errors.decorator';
import { providerFailure } from '../property-insurer-errors';
import { PROPERTY_PRODUCTS, PROPERTY_PROVIDER } from '../property-products';

const query = z.strictObject({ short_address: z.string({ error: 'The short address field is required.' }) });

@ApiTags('Property')
@PartnerApi(...PROPERTY_PRODUCTS)
@Controller('api/v1/property')
export class AddressLookupController {
  constructor(
    @Inject(PROPERTY_PROVIDER) private readonly provider: PropertyProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('address-from-short')
  @ApiOperation({
    summary: 'Address from a short national address',
    description:
      '`short_address` is the Saudi short national address: four letters then four digits, the digits being the building number (e.g. RRRC7866; ' +
      'either case). Answers the property address object from the national address registry, without `unit_number` (ask the customer for it). ' +
      'A malformed code is 400 with code 40019 (as the real service answers), a missing parameter 422, a code the registry does not know is 404, ' +
      'a registry that fails is 502.',
  })
  @ApiOkResponse({
    description: 'The property address object.',
    schema: {
      type: 'object',
      example: {
        building_number: '7866',
        zip_code: '13521',
        additional_number: '3412',
        street_name: 'Al Imam Saud Bin Faisal Road',
        district_name: 'Al Sahafah',
        city_name: 'Riyadh',
      },
    },
  })
  @ApiErrors(400, 404, 422, 502)
  async lookup(@CurrentPartner() _partner: Partner, @Query({ schema: query }) q: z.output<typeof query>) {
    const short = parseShortAddress(q.short_address);
    if (!short) throw new ApiError('INVALID_SHORT_ADDRESS', 'Invalid short address: four letters then four digits, like RRRC7866.');
    try {
      const a = await this.provider.nationalAddress(short.code, { timeoutMs: this.config.propertyInsurerTimeoutMs });
      return {
        building_number: a.buildingNumber,
        zip_code: a.zipCode,
        additional_number: a.additionalNumber,
        street_name: a.streetName,
        district_name: a.districtName,
        city_name: a.cityName,
      };
    } catch (err) {
      if (err instanceof PropertyProviderError && err.failure === 'not_found') throw ApiError.notFound('No national address has this short address.');
      throw providerFailure(err, 'The national address registry');
    }
  }
}
