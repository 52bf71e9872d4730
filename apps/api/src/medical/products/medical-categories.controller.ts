import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { amountString, withVat, z } from '@lib/common';
import { RateLimit } from '@lib/http';
import { PartnerApi } from '../../auth/partner-api.decorator';
import { ApiErrors } from '../../openapi/api-errors.decorator';
import { MedicalInsurers } from '../medical-insurers';
import { MEDICAL_API, MEDICAL_PRODUCT } from '../medical-products';

const query = z.strictObject({ insurance_provider: z.string().max(32).optional() });

const EXAMPLE = [
  {
    category: 'basic',
    insurance_provider: 'dune',
    insurance_provider_name: 'Dune Cooperative Insurance',
    insurance_provider_name_ar: 'الكثبان للتأمين التعاوني',
    name: 'Dune Care Basic',
    name_ar: 'الكثبان للرعاية الأساسي',
    price: '3200.00',
    price_with_vat: '3680.00',
    currency: 'SAR',
    annual_limit: '500000.00',
    network: { name: 'Network C', hospitals: 120 },
  },
];

@ApiTags('SME medical')
@PartnerApi(MEDICAL_PRODUCT)
@Controller(`${MEDICAL_API}/products`)
export class MedicalCategoriesController {
  constructor(private readonly insurers: MedicalInsurers) {}

  @Get('categories')
  @RateLimit('GET /medical/products/categories')
  @ApiOperation({
    summary: 'Medical categories with their yearly price per person',
    description:
      'One entry per insurer and tier; amounts are decimal strings in SAR. `price` is the yearly premium per adult member before 15% VAT (`price_with_vat` includes it); a child costs half, a parent 1.5 times, ' +
      'and members aged 60 or more pay 30% more, as each quote shows. Send `category` (the employee\'s tier) in the employee list and pick the ' +
      '`insurance_provider`\'s quote at issuance. Optional filter `insurance_provider`. Rate limit: 120 per minute.',
  })
  @ApiOkResponse({ description: 'An array of categories.', schema: { type: 'array', example: EXAMPLE } })
  @ApiErrors(422, 502)
  async list(@Query({ schema: query }) q: z.infer<typeof query>) {
    const insurers = (await this.insurers.list()).filter((i) => !q.insurance_provider || i.code === q.insurance_provider);
    return insurers.flatMap((i) =>
      i.packages.map((p) => ({
        category: p.category,
        insurance_provider: i.code,
        insurance_provider_name: i.name_en,
        insurance_provider_name_ar: i.name_ar,
        name: p.name,
        name_ar: p.name_ar,
        price: amountString(p.price),
        price_with_vat: amountString(withVat(p.price).total),
        currency: 'SAR',
        annual_limit: amountString(p.annual_limit),
        network: p.network,
      })),
    );
  }
}
