import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiProduces } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiError } from '@lib/common';
import { can } from '@lib/common/permissions';
import { AdminApi, Allow, CurrentStaff } from '../admin/auth/admin-api.decorator';
import type { Staff } from '../admin/auth/staff-request';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { resourceOfKind } from './file-kinds';
import { FileStore } from './file-store';
import { FILES_ACCESS_DOC } from './files.controller';
import { sendStoredFile } from './send-stored-file';

/** Stored files for staff: the role must be allowed to read the personal data of the file's product. */
@AdminApi('dashboard')
@Controller('admin/api/files')
export class AdminFilesController {
  constructor(private readonly files: FileStore) {}

  @Get(':name')
  @Allow('session')
  @ApiOperation({
    summary: 'Download a stored file (staff)',
    description: `${FILES_ACCESS_DOC} A role that may not read the file's product in full gets 404, as for a file that does not exist.`,
  })
  @ApiParam({ name: 'name', description: '`<uuid>.<ext>`, as in the URLs the admin API returns.' })
  @ApiProduces('image/jpeg', 'image/png', 'application/pdf')
  @ApiOkResponse({ description: 'The file.', schema: { type: 'string', format: 'binary' } })
  @ApiErrors(404)
  async download(@Param('name') name: string, @CurrentStaff() staff: Staff, @Res() reply: FastifyReply): Promise<void> {
    const row = await this.files.find(name);
    const resource = row ? resourceOfKind(row.kind) : null;
    if (!row || !resource || !can(staff.role, 'read_pii', resource)) throw ApiError.notFound('No file with this name.');
    await sendStoredFile(this.files, row, reply);
  }
}
