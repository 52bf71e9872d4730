import { Body, Controller, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBody, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiError, requestBodySchema, z } from '@lib/common';
import { STAFF_ROLES } from '@lib/common/permissions';
import { ApiErrors } from '../../openapi/api-errors.decorator';
import { Responds } from '../../openapi/responds.decorator';
import { adminStaffShape } from './staff.response';
import { Actor, AdminApi, Allow } from '../auth/admin-api.decorator';
import { AuditActor } from '../audit/audit-trail';
import { ApiList, LIST_CONVENTION } from '../list/list-api.decorator';
import { idFilter, idsOf, listQuerySchema, orderBy } from '../list/list-query';
import { listResponse } from '../list/list-response';
import { MIN_PASSWORD_LENGTH, presentStaff, StaffService } from './staff.service';

const SORTABLE = ['email', 'name', 'role', 'active', 'created_at', 'last_login_at'] as const;
const listQuery = listQuerySchema({
  sortable: SORTABLE,
  defaultSort: ['email', 'ASC'],
  filter: z.strictObject({ id: idFilter, q: z.string().max(255).optional(), role: z.enum(STAFF_ROLES).optional(), active: z.boolean().optional() }),
});
const idParam = z.strictObject({ id: z.uuid() });
const createBody = z.strictObject({
  email: z.email().max(255),
  name: z.string().trim().min(1).max(255),
  role: z.enum(STAFF_ROLES),
  password: z.string().min(MIN_PASSWORD_LENGTH).max(256),
});
const updateBody = z.strictObject({
  name: z.string().trim().min(1).max(255).optional(),
  role: z.enum(STAFF_ROLES).optional(),
  active: z.boolean().optional(),
  password: z.string().min(MIN_PASSWORD_LENGTH).max(256).optional(),
});

@AdminApi('staff')
@Controller('admin/api/staff')
export class StaffController {
  constructor(private readonly staff: StaffService) {}

  @Get()
  @Allow('read')
  @ApiOperation({ summary: 'List staff users (admin only)', description: LIST_CONVENTION })
  @ApiList('staff', SORTABLE, 'id, q (email or name), role, active', adminStaffShape)
  async list(@Query({ schema: listQuery }) q: z.infer<typeof listQuery>, @Res({ passthrough: true }) reply: FastifyReply) {
    const f = q.filter;
    const [rows, total] = await this.staff.page(
      { ids: idsOf(f.id)?.filter((i) => /^[0-9a-f-]{36}$/i.test(i)), role: f.role, active: f.active, q: f.q },
      orderBy(q.sort, { created_at: 'createdAt', last_login_at: 'lastLoginAt' }),
      q.skip,
      q.take,
    );
    return listResponse(reply, 'staff', rows.map(presentStaff), total, q.skip);
  }

  @Get(':id')
  @Allow('read')
  @ApiOperation({ summary: 'Show a staff user (admin only)' })
  @Responds(200, adminStaffShape, 'The staff user.')
  @ApiErrors(404)
  async show(@Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    const row = await this.staff.find(p.id);
    if (!row) throw ApiError.notFound('No staff user with this id.');
    return presentStaff(row);
  }

  @Post()
  @Allow('create')
  @ApiOperation({
    summary: 'Create a staff user (admin only)',
    description: `The password must be at least ${MIN_PASSWORD_LENGTH} characters; only its argon2id hash is stored.`,
  })
  @ApiBody({ schema: requestBodySchema(createBody) })
  @Responds(201, adminStaffShape, 'The staff user.')
  @ApiErrors(422)
  async create(@Actor() actor: AuditActor, @Body({ schema: createBody }) body: z.infer<typeof createBody>) {
    return presentStaff(await this.staff.create(actor, body));
  }

  @Put(':id')
  @Allow('update')
  @ApiOperation({
    summary: 'Update a staff user (admin only)',
    description:
      "Name, role, active flag or a new password. Deactivating, changing the role or the password ends the user's sessions. Admins cannot change their own role or deactivate themselves.",
  })
  @ApiBody({ schema: requestBodySchema(updateBody) })
  @Responds(200, adminStaffShape, 'The staff user.')
  @ApiErrors(404, 422)
  async update(
    @Actor() actor: AuditActor,
    @Param({ schema: idParam }) p: z.infer<typeof idParam>,
    @Body({ schema: updateBody }) body: z.infer<typeof updateBody>,
  ) {
    return presentStaff(await this.staff.update(actor, p.id, body));
  }
}
