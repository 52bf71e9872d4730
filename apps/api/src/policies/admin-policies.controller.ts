import { applyDecorators, Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Res, Type } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiError, intId, requestBodySchema, z } from '@lib/common';
import type { AdminResource } from '@lib/common/permissions';
import { Actor, AdminApi, Allow, CurrentStaff } from '../platform/admin/auth/admin-api.decorator';
import type { Staff } from '../platform/admin/auth/staff-request';
import { AuditActor, AuditTrail } from '../platform/admin/audit/audit-trail';
import { ApiList } from '../platform/admin/list/list-api.decorator';
import { listQuerySchema, orderBy } from '../platform/admin/list/list-query';
import { listResponse } from '../platform/admin/list/list-response';
import { ApiErrors } from '../platform/openapi/api-errors.decorator';
import { Responds } from '../platform/openapi/responds.decorator';
import type { AdminPolicyReadSide, CancelActor } from './admin-policy-read-side';

interface RouteDoc {
  summary: string;
  description?: string;
  /** Statuses documented besides the console's 401, 403 and 429. */
  errors?: number[];
}

/** One family's console policy pages: everything that differs between families is data here or in its read side. */
export interface AdminPoliciesSpec<S extends z.ZodType, V> {
  /** The controller's class name: it names the OpenAPI operations, so it stays what the console's clients know. */
  name: string;
  resource: AdminResource;
  /** The policy in a 404, e.g. `horse policy`. */
  noun: string;
  readSide: Type<AdminPolicyReadSide<z.output<S>, V>>;
  /** Sortable fields, as the list's `sort` names them; the column is the field in camelCase. */
  sortable: readonly [string, ...string[]];
  filter: S;
  /** The named response shapes: a list row, the policy's page (the row when not given; cancel answers it too), the insurer's cancellation status. */
  shapes?: { row: z.ZodType; detail?: z.ZodType; cancellationStatus?: z.ZodType };
  list: RouteDoc & { filters: string };
  show: RouteDoc & { ok?: string };
  /** Families whose staff cannot cancel leave it out. */
  cancel?: RouteDoc;
  cancellationStatus?: RouteDoc & { ok: string };
}

const none = (): MethodDecorator => () => undefined;
const idParam = z.strictObject({ id: intId });
const cancelBody = z.strictObject({
  reason: z.string().trim().min(1, 'The reason field is required.').max(500, 'The reason may not be greater than 500 characters.'),
});
const column = (field: string) => field.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
/** Decorators in the order they would be written above a method (applyDecorators runs its list top-down, stacked ones run bottom-up). */
const stacked = (...decorators: MethodDecorator[]) => applyDecorators(...decorators.reverse());

/**
 * The console's policies of one family: a page of every client's (react-admin's list convention, CSV export),
 * one policy, and where the family allows it a cancellation with a reason, audited in its transaction.
 */
export function adminPoliciesController<S extends z.ZodType, V>(spec: AdminPoliciesSpec<S, V>): Type {
  const { resource, list, show, cancel, cancellationStatus, shapes } = spec;
  const detail = shapes && (shapes.detail ?? shapes.row);
  /** The route's answer: its named shape, or (for a family not typed yet) a description alone. */
  const answers = (shape: z.ZodType | undefined, description: string) => (shape ? Responds(200, shape, description) : ApiOkResponse({ description }));
  const listQuery = listQuerySchema({ sortable: spec.sortable, defaultSort: ['created_at', 'DESC'], filter: spec.filter });
  const notFound = (id: number) => ApiError.notFound(`No ${spec.noun} with id ${id}.`);
  const cancelRoute = cancel
    ? stacked(
        Post(':id/cancel'),
        HttpCode(200),
        Allow('cancel'),
        ApiOperation({ summary: cancel.summary, description: cancel.description }),
        ApiBody({ schema: requestBodySchema(cancelBody) }),
        answers(detail, 'The cancelled policy.'),
        ApiErrors(...(cancel.errors ?? [])),
      )
    : none();
  const statusRoute = cancellationStatus
    ? stacked(
        Get(':id/cancellation-status'),
        Allow('check_status'),
        ApiOperation({ summary: cancellationStatus.summary, description: cancellationStatus.description }),
        answers(shapes?.cancellationStatus, cancellationStatus.ok),
        ApiErrors(...(cancellationStatus.errors ?? [])),
      )
    : none();

  @AdminApi(resource)
  @Controller(`admin/api/${resource}`)
  class AdminPoliciesController {
    constructor(
      @Inject(spec.readSide) private readonly readSide: AdminPolicyReadSide<z.output<S>, V>,
      private readonly audit: AuditTrail,
    ) {}

    private async present(view: V | null, id: number, role: string) {
      if (!view) throw notFound(id);
      return this.readSide.presentOne ? this.readSide.presentOne(view, role) : (await this.readSide.present([view], role))[0];
    }

    @Get()
    @Allow('read')
    @ApiOperation({ summary: list.summary, description: list.description })
    @ApiList(resource, spec.sortable, list.filters, shapes?.row)
    @(list.errors ? ApiErrors(...list.errors) : none())
    async list(@CurrentStaff() staff: Staff, @Query({ schema: listQuery }) q: z.infer<typeof listQuery>, @Res({ passthrough: true }) reply: FastifyReply) {
      const [views, total] = await this.readSide.page(q.filter, orderBy(q.sort, { [q.sort.field]: column(q.sort.field) }), q.skip, q.take);
      return listResponse(reply, resource, await this.readSide.present(views, staff.role), total, q.skip);
    }

    @Get(':id')
    @Allow('read')
    @ApiOperation({ summary: show.summary, description: show.description })
    @answers(detail, show.ok ?? 'The policy.')
    @ApiErrors(...(show.errors ?? [404]))
    async show(@CurrentStaff() staff: Staff, @Param({ schema: idParam }) p: z.infer<typeof idParam>) {
      return this.present(await this.readSide.find(p.id), p.id, staff.role);
    }

    @statusRoute
    async cancellationStatus(@Param({ schema: idParam }) p: z.infer<typeof idParam>) {
      const status = await this.readSide.cancellationStatus!(p.id);
      if (status === null) throw notFound(p.id);
      return status;
    }

    @cancelRoute
    async cancel(
      @Actor() actor: AuditActor,
      @CurrentStaff() staff: Staff,
      @Param({ schema: idParam }) p: z.infer<typeof idParam>,
      @Body({ schema: cancelBody }) body: z.infer<typeof cancelBody>,
    ) {
      const audit: CancelActor['audit'] = (tx, before, after) =>
        this.audit.write(tx, actor, { action: `${resource}.cancel`, resource, resourceId: String(p.id), before, after });
      return this.present(await this.readSide.cancel!(p.id, body.reason, { email: actor.email, audit }), p.id, staff.role);
    }
  }

  Object.defineProperty(AdminPoliciesController, 'name', { value: spec.name });
  return AdminPoliciesController;
}
