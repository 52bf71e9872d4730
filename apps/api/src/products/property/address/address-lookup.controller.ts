import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiError, z } from '@lib/common';
import { parseShortAddress } from '@lib/common/saudi';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { PropertyProviderError, type PropertyProvider } from '@lib/providers';
import { CurrentPartner, PartnerApi } from '../../../platform/auth/partner-api.decorator';
import type { Partner } from '../../../platform/auth/partner';
import { ApiErrors } from '../../../platform/openapi/api-errors.decorator';
import { Responds } from '../../../platform/openapi/responds.decorator';
import { type PropertyShortAddressOut, propertyShortAddressShape } from '../policies/property-policy.response';
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
  @Responds(200, propertyShortAddressShape, 'The property address object, without `unit_number`.')
  @ApiErrors(400, 404, 422, 502)
  async lookup(@CurrentPartner() _partner: Partner, @Query({ schema: query }) q: z.output<typeof query>): Promise<PropertyShortAddressOut> {
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
