import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiBody, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiError, PRODUCT_CODES, ProductCode, requestBodySchema, z } from '@lib/common';
import { ApiErrors } from '../../openapi/api-errors.decorator';
import { Responds } from '../../openapi/responds.decorator';
import { adminClientShape, type AdminClientWithSecretOut, adminClientWithSecretShape } from './admin-clients.response';
import { Actor, AdminApi, Allow, CurrentStaff } from '../auth/admin-api.decorator';
import type { Staff } from '../auth/staff-request';
import { AuditActor } from '../audit/audit-trail';
import { ApiList, LIST_CONVENTION } from '../list/list-api.decorator';
import { idFilter, idsOf, listQuerySchema, orderBy } from '../list/list-query';
import { listResponse } from '../list/list-response';
import { AdminClientsService, presentClient } from './admin-clients.service';

const SORTABLE = ['name', 'created_at', 'active', 'secret_rotated_at', 'id'] as const;
const product = z.enum(PRODUCT_CODES as unknown as [ProductCode, ...ProductCode[]]);
const listQuery = listQuerySchema({
  sortable: SORTABLE,
  defaultSort: ['created_at', 'DESC'],
  filter: z.strictObject({ id: idFilter, q: z.string().max(255).optional(), active: z.boolean().optional(), product: product.optional() }),
});
const idParam = z.strictObject({ id: z.uuid() });
const contactShape = {
  contact_name: z.string().trim().max(255).nullish(),
  contact_email: z
    .email()
    .max(255)
    .nullish()
    .or(z.literal('').transform(() => null)),
  contact_phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ]{7,20}$/, 'The contact phone must be 7 to 20 digits, optionally starting with +.')
    .nullish()
    .or(z.literal('').transform(() => null)),
};
const createBody = z.strictObject({
  name: z.string().trim().min(1).max(255),
  products: z.array(product).max(PRODUCT_CODES.length).default([]),
  ...contactShape,
});
const updateBody = z.strictObject({ name: z.string().trim().min(1).max(255).optional(), ...contactShape });
const productsBody = z.strictObject({ products: z.array(product).min(1).max(PRODUCT_CODES.length) });

@AdminApi('clients')
@Controller('admin/api/clients')
export class AdminClientsController {
  constructor(private readonly clients: AdminClientsService) {}

  @Get()
  @Allow('read')
  @ApiOperation({ summary: 'List API clients', description: `Contact email and phone are masked for roles without read_pii. ${LIST_CONVENTION}` })
  @ApiList('clients', SORTABLE, 'id, q (name or id), active, product', adminClientShape)
  async list(@CurrentStaff() staff: Staff, @Query({ schema: listQuery }) q: z.infer<typeof listQuery>, @Res({ passthrough: true }) reply: FastifyReply) {
    const f = q.filter;
    const ids = idsOf(f.id)?.filter((i) => /^[0-9a-f-]{36}$/i.test(i));
    const [page, total] = await this.clients.page(
      { ids, active: f.active, product: f.product, q: f.q },
      orderBy(q.sort, { created_at: 'createdAt', secret_rotated_at: 'secretRotatedAt' }),
      q.skip,
      q.take,
    );
    return listResponse(
      reply,
      'clients',
      page.map((r) => presentClient(r.client, r.contact, staff.role)),
      total,
      q.skip,
    );
  }

  @Get(':id')
  @Allow('read')
  @ApiOperation({ summary: 'Show an API client' })
  @Responds(200, adminClientShape, 'The client.')
  @ApiErrors(404)
  async show(@CurrentStaff() staff: Staff, @Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    const row = await this.clients.find(p.id);
    if (!row) throw ApiError.notFound(`No API client with id ${p.id}.`);
    return presentClient(row, await this.clients.contactOf(p.id), staff.role);
  }

  @Post()
  @Allow('create')
  @ApiOperation({ summary: 'Create an API client', description: 'Enrolled in `products`. The answer carries `secret` once; only its hash is stored.' })
  @ApiBody({ schema: requestBodySchema(createBody) })
  @Responds(201, adminClientWithSecretShape, 'The client with its `secret`, shown once.')
  @ApiErrors(422)
  async create(@Actor() actor: AuditActor, @CurrentStaff() staff: Staff, @Body({ schema: createBody }) body: z.infer<typeof createBody>) {
    const { client, contact, secret } = await this.clients.create(actor, body);
    const created: AdminClientWithSecretOut = { ...presentClient(client, contact, staff.role), secret };
    return created;
  }

  @Put(':id')
  @Allow('update')
  @ApiOperation({ summary: 'Rename a client or change its contact' })
  @ApiBody({ schema: requestBodySchema(updateBody) })
  @Responds(200, adminClientShape, 'The client.')
  @ApiErrors(404, 422)
  async update(
    @Actor() actor: AuditActor,
    @CurrentStaff() staff: Staff,
    @Param({ schema: idParam }) p: z.infer<typeof idParam>,
    @Body({ schema: updateBody }) body: z.infer<typeof updateBody>,
  ) {
    const { client, contact } = await this.clients.update(actor, p.id, body);
    return presentClient(client, contact, staff.role);
  }

  @Post(':id/rotate-secret')
  @HttpCode(200)
  @Allow('rotate_secret')
  @ApiOperation({
    summary: "Rotate a client's secret",
    description: 'The old secret and every token issued with it stop working. The new `secret` is shown once.',
  })
  @Responds(200, adminClientWithSecretShape, 'The client with its new `secret`.')
  @ApiErrors(404)
  async rotate(@Actor() actor: AuditActor, @CurrentStaff() staff: Staff, @Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    const { client, secret } = await this.clients.rotateSecret(actor, p.id);
    const rotated: AdminClientWithSecretOut = { ...presentClient(client, await this.clients.contactOf(p.id), staff.role), secret };
    return rotated;
  }

  @Post(':id/enrol')
  @HttpCode(200)
  @Allow('enrol')
  @ApiOperation({ summary: 'Enrol a client in products' })
  @ApiBody({ schema: requestBodySchema(productsBody) })
  @Responds(200, adminClientShape, 'The client.')
  @ApiErrors(404, 422)
  async enrol(
    @Actor() actor: AuditActor,
    @CurrentStaff() staff: Staff,
    @Param({ schema: idParam }) p: z.infer<typeof idParam>,
    @Body({ schema: productsBody }) body: z.infer<typeof productsBody>,
  ) {
    const { client } = await this.clients.enrol(actor, p.id, body.products);
    return presentClient(client, await this.clients.contactOf(p.id), staff.role);
  }

  @Post(':id/unenrol')
  @HttpCode(200)
  @Allow('enrol')
  @ApiOperation({ summary: 'Remove products from a client' })
  @ApiBody({ schema: requestBodySchema(productsBody) })
  @Responds(200, adminClientShape, 'The client.')
  @ApiErrors(404, 422)
  async unenrol(
    @Actor() actor: AuditActor,
    @CurrentStaff() staff: Staff,
    @Param({ schema: idParam }) p: z.infer<typeof idParam>,
    @Body({ schema: productsBody }) body: z.infer<typeof productsBody>,
  ) {
    const { client } = await this.clients.unenrol(actor, p.id, body.products);
    return presentClient(client, await this.clients.contactOf(p.id), staff.role);
  }

  @Post(':id/deactivate')
  @HttpCode(200)
  @Allow('deactivate')
  @ApiOperation({ summary: 'Deactivate a client', description: 'Its tokens stop working and it cannot get new ones.' })
  @Responds(200, adminClientShape, 'The client.')
  @ApiErrors(404)
  async deactivate(@Actor() actor: AuditActor, @CurrentStaff() staff: Staff, @Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    const { client } = await this.clients.setActive(actor, p.id, false);
    return presentClient(client, await this.clients.contactOf(p.id), staff.role);
  }

  @Post(':id/activate')
  @HttpCode(200)
  @Allow('activate')
  @ApiOperation({ summary: 'Reactivate a client' })
  @Responds(200, adminClientShape, 'The client.')
  @ApiErrors(404)
  async activate(@Actor() actor: AuditActor, @CurrentStaff() staff: Staff, @Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    const { client } = await this.clients.setActive(actor, p.id, true);
    return presentClient(client, await this.clients.contactOf(p.id), staff.role);
  }
}
