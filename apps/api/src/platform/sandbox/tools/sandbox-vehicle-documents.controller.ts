import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { digitString, z } from '@lib/common';
import { vinField } from '@lib/common/saudi';
import { PartnerApi } from '../../auth/partner-api.decorator';
import { ApiErrors } from '../../openapi/api-errors.decorator';
import { SandboxControl } from './sandbox-control';

const documentBody = z.strictObject({
  vin: vinField(),
  car_sequence_number: digitString(/^\d{8,9}$/, 'The car sequence number must be 8 or 9 digits.'),
  owner_id: digitString(/^\d{10}$/, "The owner id must be 10 digits (a national id, an iqama or a company's unified number)."),
  ownership_transfer_complete: z.boolean({ error: 'The ownership transfer complete field must be true or false.' }),
});

/** Sandbox only: vehicle information documents the sandbox vehicle registry knows, for TPL issuance and cancellation. */
@ApiTags('Sandbox')
@PartnerApi()
@Controller('api/v1/sandbox/vehicle-documents')
export class SandboxVehicleDocumentsController {
  constructor(private readonly control: SandboxControl) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Get a vehicle registration document (sandbox only)',
    description:
      'Answers a PDF that the sandbox vehicle registry knows to say exactly this: `vin`, `car_sequence_number`, `owner_id` (the registered owner) and `ownership_transfer_complete`. ' +
      'Upload it as the `istimarah` of `POST /v2/car/policies` (owner = `current_car_owner`, transfer not complete) or as the `cancellation_document` after the transfer ' +
      '(owner = `new_owner_id`, transfer complete). Each call gives a new document (its own serial). Not available in production, where documents come from the real registry.',
  })
  @ApiBody({
    schema: {
      type: 'object',
      example: { vin: 'WDB12345612345678', car_sequence_number: '123456789', owner_id: '1012345678', ownership_transfer_complete: false },
    },
  })
  // The PDF is the only non-JSON answer: declared on the 201 alone, so the errors stay documented as JSON.
  @ApiCreatedResponse({
    description: 'The document (PDF); its SHA-256 in `X-Document-Sha256`.',
    content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiErrors(422, 502)
  async issue(@Body({ schema: documentBody }) body: z.infer<typeof documentBody>, @Res() reply: FastifyReply) {
    const doc = await this.control.issueVehicleDocument(body);
    await reply
      .status(201)
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="vehicle-document-${body.vin}.pdf"`)
      .header('X-Document-Sha256', doc.sha256)
      .header('Cache-Control', 'no-store')
      .send(doc.bytes);
  }
}
