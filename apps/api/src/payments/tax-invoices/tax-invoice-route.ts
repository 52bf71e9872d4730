import { applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiError } from '@lib/common';
import { ApiErrors } from '../../platform/openapi/api-errors.decorator';

/**
 * The OpenAPI of a family's `GET .../policies/{id}/tax-invoice`: a PDF on 200 (the errors stay JSON, so no
 * @ApiProduces, which would relabel them as PDF).
 */
export function TaxInvoiceRoute(product: string): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      summary: `Simplified tax invoice of a ${product} policy (PDF)`,
      description:
        'The simplified tax invoice (ZATCA) issued when the policy was paid: the seller (the insurer) and its VAT registration number, ' +
        'the invoice number (gapless per seller), the date and time, the VAT and the total with VAT, and the QR code encoding those. ' +
        'The same document every time it is asked for. 404 while the policy is unpaid.',
    }),
    ApiOkResponse({ description: 'A PDF file.', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } }),
    ApiErrors(404),
  );
}

/** Sends the invoice, or 404 naming why there is none. */
export function sendTaxInvoice(reply: FastifyReply, invoice: { number: string; pdf: Buffer } | null): FastifyReply {
  if (!invoice) throw ApiError.notFound('No tax invoice: this policy does not exist for this client or has not been paid.');
  return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${invoice.number}.pdf"`).send(invoice.pdf);
}
