import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiError } from '@lib/common';
import { ClientAuthGuard } from '../auth/client-auth.guard';
import { bearerError } from '../auth/token.service';
import type { PartnerRequest } from '../auth/partner';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { FileStore } from './file-store';
import { FileUrlSigner } from './file-url-signer';
import { sendStoredFile } from './send-stored-file';

export const FILES_ACCESS_DOC =
  'Stored files are private. The client that stored a file (or whose policy or claim it belongs to) downloads it with its bearer token; ' +
  'another client gets 404, a request without a token 401. Vehicle photos are handed to the insurer as signed URLs ' +
  '(`?expires=&signature=`) that work without a token for `FILE_URL_TTL_SECONDS` (10 minutes by default); an expired or altered ' +
  'signature, or an `expires` further ahead than that TTL from now, is 404. ' +
  'Staff download through `/admin/api/files/{name}` with their console session, when their role may read the ' +
  "personal data of the file's product. Answers carry `Cache-Control: private, no-store`, `X-Content-Type-Options: nosniff` and " +
  "`Content-Disposition: attachment` with the file's name.";

/** Downloads of stored files for their owning client (bearer token) or a holder of a signed URL (an insurer). */
@ApiTags('Files')
@Controller('files')
export class FilesController {
  constructor(
    private readonly files: FileStore,
    private readonly signer: FileUrlSigner,
    private readonly auth: ClientAuthGuard,
  ) {}

  @Get(':name')
  @ApiBearerAuth('bearer')
  @ApiOperation({
    summary: 'Download a stored file',
    description: `A file the service stored: an uploaded photo or document, a policy document (PDF). ${FILES_ACCESS_DOC}`,
  })
  @ApiParam({ name: 'name', description: '`<uuid>.<ext>` as in the returned URL, e.g. `3f0c1b8e-....pdf`.' })
  @ApiQuery({ name: 'expires', required: false, description: 'Signed URLs only: unix seconds after which the URL stops working.' })
  @ApiQuery({ name: 'signature', required: false, description: "Signed URLs only: the service's signature of the name and `expires`." })
  // The file types are declared on the 200 alone, so the errors stay documented as JSON.
  @ApiOkResponse({
    description: 'The file.',
    content: Object.fromEntries(['image/jpeg', 'image/png', 'application/pdf'].map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
  })
  @ApiErrors(401, 404)
  async download(@Param('name') name: string, @Query() query: Record<string, unknown>, @Req() req: PartnerRequest, @Res() reply: FastifyReply): Promise<void> {
    const signed = query.signature !== undefined || query.expires !== undefined;
    if (!signed && !req.headers.authorization) throw bearerError('UNAUTHENTICATED');
    if (signed && !this.signer.holds(name, query.expires, query.signature)) throw ApiError.notFound('No file with this name, or the signed URL has expired.');
    const owner = signed ? null : await this.auth.authenticate(req);
    const row = await this.files.find(name);
    if (!row || (owner && row.clientId !== owner.id)) throw ApiError.notFound('No file with this name.');
    await sendStoredFile(this.files, row, reply);
  }
}
