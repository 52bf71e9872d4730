import { randomUUID } from 'node:crypto';
import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiBody, ApiNoContentResponse, ApiOperation } from '@nestjs/swagger';
import { ApiError, Clock, requestBodySchema, z } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { ApiClientRepository } from '../../../../platform/clients/api-client.repository';
import { ApiErrors } from '../../../../platform/openapi/api-errors.decorator';
import { Responds } from '../../../../platform/openapi/responds.decorator';
import { Actor, AdminApi, Allow } from '../../../../platform/admin/auth/admin-api.decorator';
import { AuditActor, AuditTrail } from '../../../../platform/admin/audit/audit-trail';
import { EmbedTargetRepository, presentTarget } from './embed-target.repository';
import { EMBED_TARGET_KINDS, EmbedTargetKind, normaliseTarget } from './embed-target.rules';
import { adminEmbedTargetListShape, adminEmbedTargetShape } from './admin-embed-targets.response';

/** A client may register this many sites and app links together. */
export const MAX_EMBED_TARGETS = 50;

const clientParam = z.strictObject({ id: z.uuid() });
const targetParam = z.strictObject({ id: z.uuid(), targetId: z.uuid() });
const createBody = z.strictObject({
  kind: z.enum(EMBED_TARGET_KINDS as [EmbedTargetKind, ...EmbedTargetKind[]], { error: 'The kind must be origin or app.' }),
  value: z.string().max(512, 'The value may not be longer than 512 characters.'),
});

/**
 * The sites (origins that may frame an embed session) and app links (prefixes of a WebView session's
 * deep_link) of a client. Reading is `clients.read`; adding and removing is `clients.update`, audited.
 */
@AdminApi('clients')
@Controller('admin/api/clients/:id/embed-targets')
export class AdminEmbedTargetsController {
  constructor(
    private readonly targets: EmbedTargetRepository,
    private readonly clients: ApiClientRepository,
    private readonly audit: AuditTrail,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Allow('read')
  @ApiOperation({ summary: "List a client's embed sites and app links" })
  @Responds(200, adminEmbedTargetListShape, "The client's sites and app links.")
  @ApiErrors(404)
  async list(@Param({ schema: clientParam }) p: z.infer<typeof clientParam>) {
    await this.requireClient(p.id);
    return (await this.targets.list(p.id)).map(presentTarget);
  }

  @Post()
  @Allow('update')
  @ApiOperation({
    summary: 'Register an embed site or app link',
    description:
      '`kind` `origin`: a web origin (scheme, host and port only; https in production) that may frame embed sessions. ' +
      "`kind` `app`: an app link (e.g. `acmeapp://insurance`) that a WebView session's `deep_link` must start with.",
  })
  @ApiBody({ schema: requestBodySchema(createBody) })
  @Responds(201, adminEmbedTargetShape, 'The registered target, its value normalised.')
  @ApiErrors(404, 422)
  async create(
    @Actor() actor: AuditActor,
    @Param({ schema: clientParam }) p: z.infer<typeof clientParam>,
    @Body({ schema: createBody }) body: z.infer<typeof createBody>,
  ) {
    await this.requireClient(p.id);
    const normalised = normaliseTarget(body.kind, body.value, this.config.env === 'production');
    if (!normalised.ok) throw ApiError.field('value', `The ${body.kind === 'origin' ? 'origin' : 'app link'} ${normalised.problem}.`);
    return this.audit.run(actor, async (tx) => {
      // the row lock keeps two concurrent additions from both passing the limit
      const existing = await this.targets.lockedList(tx, p.id);
      if (existing.some((t) => t.kind === body.kind && t.value === normalised.value))
        throw ApiError.field('value', `${normalised.value} is already registered.`);
      if (existing.length >= MAX_EMBED_TARGETS) throw ApiError.field('value', `A client may register at most ${MAX_EMBED_TARGETS} sites and app links.`);
      const row = await this.targets.add(tx, { id: randomUUID(), clientId: p.id, kind: body.kind, value: normalised.value, createdAt: this.clock.now() });
      return {
        result: presentTarget(row),
        audit: { action: 'clients.embed_target_add', resource: 'clients', resourceId: p.id, after: { kind: row.kind, value: row.value } },
      };
    });
  }

  @Delete(':targetId')
  @HttpCode(204)
  @Allow('update')
  @ApiOperation({
    summary: 'Remove an embed site or app link',
    description: 'Sessions opened for it afterwards are refused; open sessions stop loading in frames of that site.',
  })
  @ApiNoContentResponse({ description: 'Removed.' })
  @ApiErrors(404)
  async remove(@Actor() actor: AuditActor, @Param({ schema: targetParam }) p: z.infer<typeof targetParam>): Promise<void> {
    await this.audit.run(actor, async (tx) => {
      const row = await this.targets.findOf(tx, p.id, p.targetId);
      if (!row) throw ApiError.notFound('No such embed site or app link for this client.');
      await this.targets.remove(tx, row.id);
      return {
        result: undefined,
        audit: { action: 'clients.embed_target_remove', resource: 'clients', resourceId: p.id, before: { kind: row.kind, value: row.value } },
      };
    });
  }

  private async requireClient(id: string): Promise<void> {
    if (!(await this.clients.findById(id))) throw ApiError.notFound(`No API client with id ${id}.`);
  }
}
