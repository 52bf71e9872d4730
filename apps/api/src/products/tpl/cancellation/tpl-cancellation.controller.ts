import { Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { intId, z } from '@lib/common';
import { RateLimit } from '@lib/http';
import { CurrentPartner, PartnerApi } from '../../../platform/auth/partner-api.decorator';
import type { Partner } from '../../../platform/auth/partner';
import { AcceptsMultipart } from '../../../platform/files/multipart';
import { ApiErrors } from '../../../platform/openapi/api-errors.decorator';
import { TPL_PRODUCT } from '../tpl-provider.token';
import { CANCEL_BODY, CANCEL_BY_VIN_BODY, CANCEL_DOC, TPL_POLICY_EXAMPLE } from '../tpl-openapi';
import { UploadedDocument, VehicleDocumentUpload, VehicleDocumentUploadGuard } from '../upload/vehicle-document-upload.guard';
import { CancelTplPolicyUseCase } from './cancel-tpl-policy.use-case';

const idParam = z.strictObject({ carPolicy: intId });
const CANCELED_EXAMPLE = {
  ...TPL_POLICY_EXAMPLE,
  status: 2,
  payment_link: null,
  provider_policy_id: '1795593600001',
  start_date: '2026-11-23',
  end_date: '2027-11-22',
  refund_amount: 901.13,
  canceled_at: '2026-12-20T10:00:00.000000Z',
};

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
  @ApiOkResponse({ description: 'The canceled policy.', schema: { type: 'object', example: CANCELED_EXAMPLE } })
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
  @ApiOkResponse({ description: 'The canceled policy.', schema: { type: 'object', example: CANCELED_EXAMPLE } })
  @ApiErrors(400, 404, 409, 413, 415, 422, 502)
  byVin(@CurrentPartner() partner: Partner, @UploadedDocument() upload: VehicleDocumentUpload) {
    return this.cancel.execute(partner.clientId, { kind: 'vin' }, upload);
  }
}
