import { Body, Controller, Get, HttpCode, Inject, Param, Post, Res, UseGuards } from '@nestjs/common';
import { RequestHeader } from '../../../../platform/http/request-header.decorator';
import { ApiBody, ApiConsumes, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiError, z } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { PHOTO_PARTS } from '@lib/providers';
import { TestClocks } from '../../../../platform/test-clocks/test-clocks';
import { CurrentPartner, PartnerApi } from '../../../../platform/auth/partner-api.decorator';
import type { Partner } from '../../../../platform/auth/partner';
import { AcceptsMultipart } from '../../../../platform/files/multipart';
import { ApiErrors } from '../../../../platform/openapi/api-errors.decorator';
import { Responds } from '../../../../platform/openapi/responds.decorator';
import { MultipartUpload, PhotoUploadGuard, UploadedParts } from '../../photos/multipart-upload.guard';
import { MOTOR_COMPARISON_PRODUCTS } from '../../motor-products';
import { quoteRequestDocSchema } from '../../quotes/quote-request.schema';
import { prefersAsync } from '../../quotes/prefer-header';
import { embedFieldsSchema } from './embed-session.schema';
import { embedUrl, presentEmbedSession } from './embed-session.presenter';
import { EmbedSessionRepository } from './embed-session.repository';
import { embedSessionPhotosShape, embedSessionShape } from './embed-session.response';
import { EmbedTokens } from './embed-token';
import { OpenEmbedSessionUseCase } from './open-embed-session.use-case';
import { StoreSessionPhotosUseCase } from './store-session-photos.use-case';

const idParam = z.strictObject({ id: z.uuid() });
const notFound = () => ApiError.notFound('No embed session with this id.');

function bodyDoc() {
  const quote = z.toJSONSchema(quoteRequestDocSchema, { target: 'openapi-3.0', io: 'input' }) as { properties: object; required?: string[] };
  const own = z.toJSONSchema(embedFieldsSchema, { target: 'openapi-3.0', io: 'input' }) as { properties: object; required?: string[] };
  return { type: 'object', properties: { ...quote.properties, ...own.properties }, required: [...(quote.required ?? []), ...(own.required ?? [])] };
}

@ApiTags('Motor embed sessions')
@PartnerApi(...MOTOR_COMPARISON_PRODUCTS)
@Controller('api/v1/car-comp/embed-sessions')
export class EmbedSessionsController {
  constructor(
    private readonly open: OpenEmbedSessionUseCase,
    private readonly storePhotos: StoreSessionPhotosUseCase,
    private readonly sessions: EmbedSessionRepository,
    private readonly tokens: EmbedTokens,
    private readonly testClocks: TestClocks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Request quotes and open an embed session',
    description:
      'Takes every field of Request Quotes (same rules, same quote OTP) plus where the session runs: `platform` `web` with `parent_origin` ' +
      '(the origin of the page that frames `embed_url`), or `webview` with `deep_link` (where the app gets the customer back). The origin, or an app link ' +
      'the deep link starts with, must be registered for the client beforehand (console: API clients, Embed sites and app links); otherwise 422 on that field. ' +
      '`locale` `en` (default) or `ar` (right-to-left page, Arabic insurer content); `redirect_url` (http/https; `policyID` in it becomes the policy id) is where ' +
      'the payment page sends the customer after paying. Requests the quotes (allow up to 2 minutes), then answers the session: `embed_url` carries a secret ' +
      "token (treat it like a password: give it only to the customer's browser or WebView) and works until `expires_at`, one hour; afterwards post the same payload again. " +
      'The embedded page sends the issued policy and payment link to `parent_origin` with postMessage (see docs/motor.md for the message shapes). ' +
      'With `Prefer: respond-async` the session is answered as soon as the quote request is stored (`Preference-Applied: respond-async`), without waiting ' +
      "for the insurers: the page shows each insurer's offers as they arrive, so the customer sees the first ones at once.",
  })
  @ApiHeader({ name: 'Prefer', required: false, description: '`respond-async`: open the session at once; the page receives the offers as insurers answer.' })
  @ApiBody({ schema: bodyDoc() })
  @Responds(201, embedSessionShape, 'The embed session.')
  @ApiErrors(422, 502)
  async create(
    @CurrentPartner() partner: Partner,
    @Body() body: unknown,
    @Res({ passthrough: true }) reply: FastifyReply,
    @RequestHeader('prefer') prefer?: string,
  ) {
    const progressive = prefersAsync(prefer);
    const session = await this.open.execute(partner.clientId, body, progressive);
    if (progressive) reply.header('Preference-Applied', 'respond-async');
    return session;
  }

  @Get(':id')
  @ApiOperation({
    summary: 'Show an embed session',
    description: 'With its `embed_url`, whether it has `expired`, when the customer first opened it, its stored photos and, once issued, `policy_id`.',
  })
  @Responds(200, embedSessionShape, 'The embed session.')
  @ApiErrors(404)
  async show(@CurrentPartner() partner: Partner, @Param({ schema: idParam }) p: z.infer<typeof idParam>) {
    const session = await this.sessions.findForClient(partner.clientId, p.id);
    if (!session) throw notFound();
    return presentEmbedSession(
      session,
      embedUrl(this.config.publicBaseUrl, this.tokens.tokenFor(session.id)),
      await this.testClocks.timeOf({ type: 'quote_request', key: String(session.quoteRequestId) }),
    );
  }

  @Post(':id/photos')
  @HttpCode(200)
  @AcceptsMultipart()
  @UseGuards(PhotoUploadGuard)
  @ApiOperation({
    summary: 'Store the vehicle photos of an embed session',
    description:
      'multipart/form-data with the five files `front`, `back`, `right`, `left`, `chassis`, all required (no `quote_price_id`): the same file rules as the ' +
      'photo upload (JPEG or PNG by content, at most 3 MB each). The photos are only checked and stored; the embed registers them with the insurer of the ' +
      'comprehensive quote the customer picks, and the customer confirms them there instead of uploading. A repeat call replaces the stored set. ' +
      '410 once the session has expired; 409 once a policy was issued in it.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: [...PHOTO_PARTS],
      properties: Object.fromEntries(
        PHOTO_PARTS.map((p) => [p, { type: 'string', format: 'binary', description: `The ${p} photo: JPEG or PNG, at most 3 MB.` }]),
      ),
    },
  })
  @Responds(200, embedSessionPhotosShape, 'The session id, its quote request and the stored photo URLs.')
  @ApiErrors(404, 409, 410, 413, 415, 422)
  async photos(@CurrentPartner() partner: Partner, @Param({ schema: idParam }) p: z.infer<typeof idParam>, @UploadedParts() upload: MultipartUpload) {
    const session = await this.sessions.findForClient(partner.clientId, p.id);
    if (!session) throw notFound();
    return this.storePhotos.execute(session, upload);
  }
}
