import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TaxInvoices } from '../../../payments/tax-invoices/tax-invoices';
import { sendTaxInvoice, TaxInvoiceRoute } from '../../../payments/tax-invoices/tax-invoice-route';
import { CancellationUpload, CancellationUploadGuard, UploadedCancellation } from '../../../policies/cancellation/cancellation-upload.guard';
import { storeCancellationDocument } from '../../../policies/cancellation/cancellation-documents';
import { AcceptsMultipart } from '../../../platform/files/multipart';
import { FileStore } from '../../../platform/files/file-store';
import { ApiNoContentResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiError, ARRAY_PAGE_HEADERS, ARRAY_PAGE_NOTE, arrayPageHeaders, arrayPageQueryShape, Clock, intId, pageSkip, z } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { RateLimit } from '@lib/http';
import { CurrentPartner, PartnerApi } from '../../../platform/auth/partner-api.decorator';
import type { Partner } from '../../../platform/auth/partner';
import { absoluteUrl } from '../../../platform/http/absolute-url';
import { ApiErrors } from '../../../platform/openapi/api-errors.decorator';
import { Responds } from '../../../platform/openapi/responds.decorator';
import { MEDICAL_API, MEDICAL_PRODUCT } from '../medical-products';
import { CancelCompanyPoliciesUseCase } from './cancel-medical-policy.use-case';
import { IssueInput, issueSchema, IssueMedicalPolicyUseCase } from './issue-medical-policy.use-case';
import { medicalPolicyListShape, medicalPolicyShape } from './medical-policy.response';
import { MedicalPolicyReads } from './medical-policy-reads';
import { MedicalPolicyRepository } from './medical-policy.repository';

const listQuery = z.strictObject({ company_id: intId.optional(), ...arrayPageQueryShape });
const idParam = z.strictObject({ policyId: intId });

@ApiTags('SME medical')
@PartnerApi(MEDICAL_PRODUCT)
@Controller(MEDICAL_API)
export class MedicalPoliciesController {
  constructor(
    private readonly issue: IssueMedicalPolicyUseCase,
    private readonly cancel: CancelCompanyPoliciesUseCase,
    private readonly policies: MedicalPolicyRepository,
    private readonly reads: MedicalPolicyReads,
    private readonly files: FileStore,
    private readonly clock: Clock,
    private readonly taxInvoices: TaxInvoices,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post(['policies', 'request-policies'])
  @RateLimit('POST /medical/request-policies')
  @ApiOperation({
    summary: 'Issue a medical policy from a quote',
    description:
      'From one quote of a quote request (`quote_request_id`, `quote_price_id`); the employee list must not have changed since the quote. Answers status 0 (awaiting payment) ' +
      "with `price` = the quote's `total_price` (VAT included). A company has one policy awaiting payment at a time: issuing again before payment replaces it, and a payment link " +
      'opened for the earlier one stops working. Pay through GET /payment-link. In `redirect_url`, `policyID` becomes the policy id (in the answer, Show Policy and the list too). ' +
      '`category` and `insurance_provider` (optional, as GET /products/categories hands them out) are accepted when they agree with the chosen quote (its insurer; a tier ' +
      'one of its employees is on) and refused with a 422 naming them when they contradict it. ' +
      "Also served at /request-policies (the spec's rate-limit row). Rate limit: 30 per minute.",
  })
  @Responds(201, medicalPolicyShape, 'The medical policy (status 0).')
  @ApiErrors(404, 422)
  create(@CurrentPartner() partner: Partner, @Body({ schema: issueSchema }) body: IssueInput) {
    return this.issue.execute(partner.clientId, body);
  }

  @Get('policies')
  @RateLimit('GET /medical/policies')
  @ApiOperation({
    summary: 'List medical policies',
    description:
      'Plain array, newest first; optional `company_id`. Status 0 awaiting payment, 1 active, 2 cancelled, 4 expired (the day after `end_date`). As in the real service, a policy awaiting payment carries ' +
      '`pending_declarations` (the employees who must still fill their health declaration) and `payment_link`: null while anyone must still declare, ' +
      "otherwise the company's open link (valid 15 minutes from creation; reading again gives the same link while it is open). Rate limit: 120 per minute." +
      ARRAY_PAGE_NOTE +
      ' `X-Total-Count` is exact: counted on every request up to 10,000 matching policies, past that counted once and reused for up to 30 seconds.',
  })
  @Responds(200, medicalPolicyListShape, 'An array of medical policies.', ARRAY_PAGE_HEADERS)
  @ApiErrors(422)
  async list(
    @CurrentPartner() partner: Partner,
    @Query({ schema: listQuery }) q: z.infer<typeof listQuery>,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const [rows, total] = await this.policies.page(partner.clientId, q.company_id, pageSkip(q), q.per_page);
    reply.headers(arrayPageHeaders(total, q, absoluteUrl(this.config.publicBaseUrl, req), { company_id: q.company_id }));
    return this.reads.present(partner.clientId, rows);
  }

  @Get('policies/:policyId')
  @ApiOperation({ summary: 'Show a medical policy', description: 'With `pending_declarations` and `payment_link` as in the list.' })
  @Responds(200, medicalPolicyShape, 'The medical policy.')
  @ApiErrors(404)
  async show(@CurrentPartner() partner: Partner, @Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    const found = await this.policies.findForClient(partner.clientId, p.policyId);
    if (!found) throw ApiError.notFound('No medical policy with this id.');
    return (await this.reads.present(partner.clientId, [found]))[0];
  }

  @Post('policies/:policyId/deletion')
  @HttpCode(204)
  @AcceptsMultipart()
  @UseGuards(CancellationUploadGuard)
  @RateLimit('POST /medical/policies/{policy}/deletion')
  @ApiOperation({
    summary: 'Delete a medical policy',
    description:
      'A policy awaiting payment is withdrawn (it then reads as 404 and its payment link stops working); an active one is cancelled (status 2). 400 when already cancelled, ' +
      '409 when expired (status 4: its year of cover ended). ' +
      "An empty body, or the real service's multipart with an optional `cancellation_document` (PDF, JPEG or PNG, checked by content, kept as the policy's " +
      '`cancellation_document`). Rate limit: 30 per minute.',
  })
  @ApiNoContentResponse({ description: 'Deleted or cancelled.' })
  @ApiErrors(400, 404, 409)
  async remove(
    @CurrentPartner() partner: Partner,
    @Param({ schema: idParam }) p: z.infer<typeof idParam>,
    @UploadedCancellation() upload: CancellationUpload,
  ): Promise<void> {
    const found = await this.policies.findForClient(partner.clientId, p.policyId);
    if (!found) throw ApiError.notFound('No medical policy with this id.');
    const stored = await storeCancellationDocument(this.files, partner.clientId, 'cancellation-document/medical', upload);
    try {
      await this.cancel.deletePolicy(found, this.clock.now(), stored?.url ?? null);
    } catch (err) {
      if (stored) await this.files.discard([stored]);
      throw err;
    }
  }

  /** The invoice of the company payment that paid this policy, from this policy's insurer. */
  @Get('policies/:policyId/tax-invoice')
  @TaxInvoiceRoute('medical')
  async taxInvoice(@CurrentPartner() partner: Partner, @Param({ schema: idParam }) p: z.infer<typeof idParam>, @Res() reply: FastifyReply) {
    const found = await this.policies.findForClient(partner.clientId, p.policyId);
    const invoice =
      found?.paymentId && found.issuedAt
        ? await this.taxInvoices.pdfOfPolicy(partner.clientId, 'medical', found.companyId, { paymentId: found.paymentId, sellerCode: found.insuranceProvider })
        : null;
    return sendTaxInvoice(reply, invoice);
  }
}
