import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiError } from '@lib/common';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { FileStore } from './file-store';

/** Public downloads of stored files: no bearer token, the random id in the URL is the capability. */
@ApiTags('Files')
@Controller('files')
export class FilesController {
  constructor(private readonly files: FileStore) {}

  @Get(':name')
  @ApiOperation({
    summary: 'Download a stored file',
    description:
      'Serves a file the service stored, such as an uploaded vehicle photo, a property document or a policy document (PDF), at the absolute URL it returned (`attachments`). ' +
      'No `Authorization` header: the random id in the URL is what grants access, so insurers can download the photos. ' +
      'Share these URLs only with whom should see the file.',
  })
  @ApiParam({ name: 'name', description: '`<uuid>.<ext>` as in the returned URL, e.g. `3f0c1b8e-....jpg`.' })
  @ApiProduces('image/jpeg', 'image/png', 'application/pdf')
  @ApiOkResponse({ description: 'The file, with its `Content-Type` and `X-Content-Type-Options: nosniff`.', schema: { type: 'string', format: 'binary' } })
  @ApiErrors(404)
  async download(@Param('name') name: string, @Res() reply: FastifyReply): Promise<void> {
    const file = await this.files.open(name);
    if (!file) throw ApiError.notFound('No file with this name.');
    await reply
      .status(200)
      .header('Content-Type', file.row.contentType)
      .header('Content-Length', String(file.size))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'")
      .header('Cache-Control', 'private, max-age=86400')
      .header('ETag', `"${file.row.sha256}"`)
      .send(file.stream);
  }
}
