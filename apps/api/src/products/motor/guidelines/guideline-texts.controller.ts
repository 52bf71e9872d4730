import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PartnerApi } from '../../../platform/auth/partner-api.decorator';
import { Responds } from '../../../platform/openapi/responds.decorator';
import { MOTOR_COMPARISON_PRODUCTS } from '../motor-products';
import { GUIDELINE_TEXTS } from './guideline-texts.data';
import { GuidelineTextsOut, guidelineTextsShape } from './guideline-texts.response';

@ApiTags('Motor price comparison')
@PartnerApi(...MOTOR_COMPARISON_PRODUCTS)
@Controller('api/v1/car-comp')
export class GuidelineTextsController {
  @Get('guideline-texts')
  @ApiOperation({
    summary: 'Broker attribution, support routes and FAQ, in English and Arabic',
    description:
      'Show the attribution of the licensed broker beside every set of quotes, with the support routes. Fetch the wording from here; ' +
      'never hard-code it. Licence and toll-free numbers are identical in both languages: wrap them in a bidirectional isolation element (`<bdi>`) on right-to-left pages.',
  })
  @Responds(200, guidelineTextsShape, 'The wording in English (`en`) and Arabic (`ar`).')
  texts(): GuidelineTextsOut {
    return GUIDELINE_TEXTS;
  }
}
