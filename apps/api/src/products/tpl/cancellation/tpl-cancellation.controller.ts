import { Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { intId, z } from '@lib/common';
import { RateLimit } from '@lib/http';
import { CurrentPartner, PartnerApi } from '../../../platform/auth/partner-api.decorator';
import type { Partner } from '../../../platform/auth/partner';
import { AcceptsMultipart } from '../../../platform/files/multipart';
import { ApiErrors } from '../../../platform/openapi/api-errors.decorator';
import { Responds } from '../../../platform/openapi/responds.decorator';
import { TPL_PRODUCT } from '../tpl-provider.token';
import { CANCEL_BODY, CANCEL_BY_VIN_BODY, CANCEL_DOC } from '../tpl-openapi';
import { tplPolicyShape } from '../tpl-policy.response';
import { UploadedDocument, VehicleDocumentUpload, VehicleDocumentUploadGuard } from '../upload/vehicle-document-upload.guard';
import { CancelTplPolicyUseCase } from './cancel-tpl-policy.use-case';

const idParam = z.strictObject({ carPolicy: intId });
@ApiTags('TPL motor v2')
@PartnerApi(TPL_PRODUCT)
@Controller(['v2', 'api/v2'])
export class TplCancellationController {
  constructor(private readonly cancel: CancelTplPolicyUseCase) {}

  @Post('car/policies/:carPolicy/cancellation')
  @HttpCode(200)
  @RateLimit('POST /car/policies/{carPolicy}/cancellation')
  @AcceptsMultipart()
  @UseGuards(VehicleDocumentUploadGuard)
  @ApiOperation({ summary: 'Cancel a TPL policy after the ownership transfer', description: `${CANCEL_DOC} Rate limit: 30 requests per minute.` })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: CANCEL_BODY })
  @Responds(200, tplPolicyShape, 'The canceled policy (status 2, `canceled_at`, `refund_amount`).')
  @ApiErrors(400, 404, 409, 413, 415, 422, 502)
  byId(@CurrentPartner() partner: Partner, @Param({ schema: idParam }) p: z.infer<typeof idParam>, @UploadedDocument() upload: VehicleDocumentUpload) {
    return this.cancel.execute(partner.clientId, { kind: 'id', id: p.carPolicy }, upload);
  }

  @Post('clients/policies/cancellation')
  @HttpCode(200)
  @AcceptsMultipart()
  @UseGuards(VehicleDocumentUploadGuard)
  @ApiOperation({
    summary: 'Cancel a TPL policy by VIN',
    description: `The calling client's policy of \`vin\` (the issued one), whose \`email\` must match. ${CANCEL_DOC}`,
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: CANCEL_BY_VIN_BODY })
  @Responds(200, tplPolicyShape, 'The canceled policy (status 2, `canceled_at`, `refund_amount`).')
  @ApiErrors(400, 404, 409, 413, 415, 422, 502)
  byVin(@CurrentPartner() partner: Partner, @UploadedDocument() upload: VehicleDocumentUpload) {
    return this.cancel.execute(partner.clientId, { kind: 'vin' }, upload);
  }
}
