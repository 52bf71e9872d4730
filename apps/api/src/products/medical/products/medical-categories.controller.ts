import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { amountNumber, amountString, ApiError, withVat, z } from '@lib/common';
import { MEDICAL_INSURER_CODES } from '@lib/providers';
import { RateLimit } from '@lib/http';
import { PartnerApi } from '../../../platform/auth/partner-api.decorator';
import { ApiErrors } from '../../../platform/openapi/api-errors.decorator';
import { Responds } from '../../../platform/openapi/responds.decorator';
import { MedicalInsurers } from '../medical-insurers';
import { MEDICAL_API, MEDICAL_PRODUCT } from '../medical-products';
import { type MedicalCategoriesOut, medicalCategoriesShape } from './medical-categories.response';

const query = z.strictObject({ insurance_provider: z.string().max(32).optional() });

@ApiTags('SME medical')
@PartnerApi(MEDICAL_PRODUCT)
@Controller(`${MEDICAL_API}/products`)
export class MedicalCategoriesController {
  constructor(private readonly insurers: MedicalInsurers) {}

  @Get('categories')
  @RateLimit('GET /medical/products/categories')
  @ApiOperation({
    summary: "One insurer's medical categories with their yearly price per person",
    description:
      'As the real service answers it: one insurer (`?insurance_provider=`; the first of `insurance_providers` when left out, 422 naming ' +
      '`insurance_provider` for an unknown one) and its `categories` keyed basic, standard, premium, executive. `price` is the yearly premium per adult ' +
      'member before 15% VAT (`price_with_vat` includes it), amounts as JSON numbers in SAR; a child costs half, a parent 1.5 times, and members aged 60 or ' +
      "more pay 30% more, as each quote shows. `insurance_providers` lists every insurer's code, to ask for the others. Send `category` (the employee's " +
      "tier) in the employee list and pick the `insurance_provider`'s quote at issuance; POST /policies also takes both, checked against that quote. Rate limit: 120 per minute.",
  })
  @ApiQuery({
    name: 'insurance_provider',
    required: false,
    enum: MEDICAL_INSURER_CODES,
    description: `Which insurer's categories: one of ${MEDICAL_INSURER_CODES.join(', ')} (the sandbox medical insurers; \`insurance_providers\` in the answer lists them). The first when left out.`,
  })
  @Responds(200, medicalCategoriesShape, "The insurer's categories.")
  @ApiErrors(422, 502)
  async list(@Query({ schema: query }) q: z.infer<typeof query>): Promise<MedicalCategoriesOut> {
    const insurers = await this.insurers.list();
    const insurer = q.insurance_provider === undefined ? insurers[0] : insurers.find((i) => i.code === q.insurance_provider);
    if (!insurer) throw ApiError.field('insurance_provider', `The insurance provider must be one of: ${insurers.map((i) => i.code).join(', ')}.`);
    return {
      insurance_provider: insurer.code,
      insurance_provider_name: insurer.name_en,
      insurance_provider_name_ar: insurer.name_ar,
      categories: Object.fromEntries(
        insurer.packages.map((p) => [
          p.category,
          {
            category: p.category,
            insurance_provider: insurer.code,
            name: p.name,
            name_ar: p.name_ar,
            price: amountNumber(p.price),
            price_with_vat: amountNumber(amountString(withVat(p.price).total)),
            currency: 'SAR',
            annual_limit: amountNumber(p.annual_limit),
            network: p.network,
          },
        ]),
      ),
      insurance_providers: insurers.map((i) => i.code),
    };
  }
}
