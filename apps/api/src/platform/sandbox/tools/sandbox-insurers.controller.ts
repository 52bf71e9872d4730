import { Body, Controller, Delete, Get, Param, Put } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from '@lib/common';
import { CurrentPartner, PartnerApi } from '../../auth/partner-api.decorator';
import type { Partner } from '../../auth/partner';
import { ApiErrors } from '../../openapi/api-errors.decorator';
import { Responds } from '../../openapi/responds.decorator';
import { SandboxControl } from './sandbox-control';
import { SANDBOX_FAULTS, sandboxInsurerScopeShape, sandboxInsurersShape, type SandboxInsurerScopeOut, type SandboxInsurersOut } from './sandbox-tools.response';

const FAMILIES = ['motor', 'property', 'medical', 'life', 'horse', 'travel'] as const;
const FAULTS = SANDBOX_FAULTS;
const codeParam = z.strictObject({ code: z.string().regex(/^[a-z]{2,32}$/, 'The insurer code is lower-case letters, like dune.') });
const patchBody = z
  .strictObject({
    family: z.enum(FAMILIES, { error: `The family must be one of: ${FAMILIES.join(', ')}.` }).nullish(),
    latency_ms: z
      .int({ error: 'The latency ms must be a whole number of milliseconds.' })
      .min(0)
      .max(60_000, 'The latency ms may not be greater than 60000.')
      .optional(),
    fault: z.enum(FAULTS, { error: `The fault must be one of: ${FAULTS.join(', ')}.` }).optional(),
  })
  .refine((p) => p.latency_ms !== undefined || p.fault !== undefined, { message: 'Give latency_ms, fault or both.', path: ['fault'] });

/**
 * Sandbox only: how the simulated insurers behave for the calling client's own requests (latency, timeout, HTTP
 * error, malformed answer, decline), per insurer and optionally per family. Other clients are not affected.
 */
@ApiTags('Sandbox')
@PartnerApi()
@Controller('api/v1/sandbox/insurers')
export class SandboxInsurersController {
  constructor(private readonly control: SandboxControl) {}

  @Get()
  @ApiOperation({
    summary: 'Insurer behaviour for your requests (sandbox only)',
    description:
      "`shared`: every insurer's latency and fault as everyone sees them; `mine`: what you set for your own requests, keyed `code` (every family) or `code:family`. Not available in production.",
  })
  @Responds(200, sandboxInsurersShape, 'Shared and own insurer behaviour.')
  async list(@CurrentPartner() partner: Partner): Promise<SandboxInsurersOut> {
    const [shared, mine] = await Promise.all([this.control.shared(), this.control.scope(partner.clientId)]);
    return { shared: shared.insurers as SandboxInsurersOut['shared'], mine: mine.insurers as SandboxInsurersOut['mine'] };
  }

  @Put(':code')
  @ApiOperation({
    summary: 'Make an insurer slow, failing or declining for your requests (sandbox only)',
    description:
      '`latency_ms` (0 to 60000) and/or `fault`: `none`, `timeout` (never answers; the API gives up after its per-insurer timeout), `error` (HTTP 500), `malformed` (an answer that breaks the contract), ' +
      "`decline` (a quote is declined; other calls are refused). `family` (motor, property, medical, life, horse, travel) limits it to that product's routes; without it every route of the insurer. " +
      'Only your own requests see it: quotes, issuance and the activation after your customers pay. `DELETE /api/v1/sandbox/insurers` restores everything. ' +
      'Example: `PUT /api/v1/sandbox/insurers/dune {"family":"motor","fault":"timeout"}` then request motor quotes: dune is listed as failed, the others answer.',
  })
  @ApiBody({ schema: { type: 'object', example: { family: 'motor', fault: 'timeout' } } })
  @Responds(200, sandboxInsurerScopeShape, 'What you have set, after the change.')
  @ApiErrors(404, 422)
  async set(
    @CurrentPartner() partner: Partner,
    @Param({ schema: codeParam }) p: z.infer<typeof codeParam>,
    @Body({ schema: patchBody }) body: z.infer<typeof patchBody>,
  ): Promise<SandboxInsurerScopeOut> {
    return { mine: (await this.control.setBehaviour(partner.clientId, p.code, body)).insurers as SandboxInsurerScopeOut['mine'] };
  }

  @Delete()
  @ApiOperation({ summary: 'Restore every insurer for your requests (sandbox only)' })
  @Responds(200, sandboxInsurerScopeShape, 'Nothing set any more (`mine` is empty).')
  async reset(@CurrentPartner() partner: Partner): Promise<SandboxInsurerScopeOut> {
    await this.control.clearScope(partner.clientId);
    return { mine: {} };
  }
}
