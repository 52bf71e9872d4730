import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiError, z } from '@lib/common';
import { ApiErrors } from '../../openapi/api-errors.decorator';
import { Responds } from '../../openapi/responds.decorator';
import { Actor, AdminApi, Allow } from '../../admin/auth/admin-api.decorator';
import type { AuditActor } from '../../admin/audit/audit-trail';
import { ApiList, LIST_CONVENTION } from '../../admin/list/list-api.decorator';
import { idFilter, idsOf, listQuerySchema, orderBy } from '../../admin/list/list-query';
import { listResponse } from '../../admin/list/list-response';
import { DUE_EVENT_STATES, DueEventRepository } from '../due-event.repository';
import { adminDueEventShape, presentDueEvent } from './admin-due-events.response';
import { RerunDueEventUseCase } from './rerun-due-event.use-case';

const SORTABLE = ['due_at', 'updated_at', 'attempts', 'kind', 'state', 'id'] as const;
const listQuery = listQuerySchema({
  sortable: SORTABLE,
  defaultSort: ['due_at', 'DESC'],
  filter: z.strictObject({
    id: idFilter,
    state: z.enum(DUE_EVENT_STATES, { error: `The state must be one of: ${DUE_EVENT_STATES.join(', ')}.` }).optional(),
    kind: z.string().max(32, 'The kind may not be greater than 32 characters.').optional(),
  }),
});
const idParam = z.strictObject({ id: z.uuid({ error: "The id must be a due event's id." }) });
const rerunBody = z.strictObject({
  reason: z.string().trim().min(1, 'The reason field is required.').max(500, 'The reason may not be greater than 500 characters.'),
});
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What time makes happen (payment lapses, renewal notices, expiries, overdue claims): what is due, what fired, what failed. */
@AdminApi('due-events')
@Controller('admin/api/due-events')
export class AdminDueEventsController {
  constructor(
    private readonly events: DueEventRepository,
    private readonly rerunEvent: RerunDueEventUseCase,
  ) {}

  @Get()
  @Allow('read')
  @ApiOperation({ summary: 'List scheduled (due) events', description: `Every due event with its state, tries and last error. ${LIST_CONVENTION}` })
  @ApiList('due-events', SORTABLE, 'id, state (pending, fired, failed), kind', adminDueEventShape)
  async list(@Query({ schema: listQuery }) q: z.infer<typeof listQuery>, @Res({ passthrough: true }) reply: FastifyReply) {
    const f = q.filter;
    const [rows, total] = await this.events.adminPage(
      { ids: idsOf(f.id)?.filter((i) => UUID.test(i)), state: f.state, kind: f.kind },
      orderBy(q.sort, { due_at: 'dueAt', updated_at: 'updatedAt' }),
      q.skip,
      q.take,
    );
    return listResponse(reply, 'due-events', rows.map(presentDueEvent), total, q.skip);
  }

  @Get(':id')
  @Allow('read')
  @ApiOperation({ summary: 'Show a due event' })
  @Responds(200, adminDueEventShape, 'The due event.')
  @ApiErrors(404)
  async show(@Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    const row = await this.events.findById(p.id);
    if (!row) throw ApiError.notFound(`No due event with id ${p.id}.`);
    return presentDueEvent(row);
  }

  @Post(':id/rerun')
  @HttpCode(200)
  @Allow('retry')
  @ApiOperation({
    summary: 'Run a failed due event again',
    description:
      'A `failed` event (every try failed) is pending again with 0 tries, its lease cleared and due at once; the scheduler fires it on its next pass ' +
      "(a test clock's event on the clock's next advance). `last_error` stays until it fires. `reason` is required and audited. 409 for an event that is not failed.",
  })
  @ApiBody({ schema: { type: 'object', example: { reason: 'The insurer is answering again.' } } })
  @Responds(200, adminDueEventShape, 'The event, pending again.')
  @ApiErrors(404, 409, 422)
  async rerun(
    @Actor() actor: AuditActor,
    @Param({ schema: idParam }) p: z.infer<typeof idParam>,
    @Body({ schema: rerunBody }) body: z.infer<typeof rerunBody>,
  ) {
    return presentDueEvent(await this.rerunEvent.execute(actor, p.id, body.reason));
  }
}
