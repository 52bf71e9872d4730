import { Body, Controller, Get, Header, HttpCode, Param, Post, Res, UseGuards } from '@nestjs/common';
import { RequestHeader } from '../../../../platform/http/request-header.decorator';
import { ApiExcludeController } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import { ApiError, Clock, z } from '@lib/common';
import { ApiThrottlerGuard, RATE_LIMIT_WINDOW_MS } from '@lib/http';
import { AcceptsMultipart } from '../../../../platform/files/multipart';
import { MultipartUpload, PhotoUploadGuard, UploadedParts } from '../../photos/multipart-upload.guard';
import { EmbedCheckoutService, issueSchema, sendCodeSchema } from '../checkout/embed-checkout.service';
import { EmbedSession } from '../sessions/embed-session.repository';
import { StoreSessionPhotosUseCase } from '../sessions/store-session-photos.use-case';
import { EmbedTargetRepository } from '../targets/embed-target.repository';
import { TestClocks } from '../../../../platform/test-clocks/test-clocks';
import { MotorInsurers } from '../../motor-insurers';
import { sendEventStream } from '../../quotes/quote-events.sse';
import { StreamQuoteEventsUseCase } from '../../quotes/stream-quote-events.use-case';
import { EmbedAssets } from './embed-assets';
import type { EmbedPlatform, Locale, PageData } from './embed-page.data';
import { originsOf, pageHeaders } from './embed-page.headers';
import { renderPage } from './embed-page.html';
import { CurrentEmbedSession, EmbedSessionGuard, EmbedSessionResolver } from './embed-session.guard';

/** Page loads per address per minute: generous for people, useless for guessing tokens (2^256 of them). */
export const EMBED_PAGE_RATE_LIMIT = 120;
/** Calls of one session's page per route per minute. */
export const EMBED_API_RATE_LIMIT = 60;

const MESSAGES = {
  expired: { en: 'This page has expired. Please start again from the previous page.', ar: 'انتهت صلاحية هذه الصفحة. يرجى البدء من جديد من الصفحة السابقة.' },
  refused: { en: 'This page cannot be shown here.', ar: 'لا يمكن عرض هذه الصفحة هنا.' },
  missing: { en: 'This page does not exist.', ar: 'هذه الصفحة غير موجودة.' },
} as const;

/**
 * The embedded comparison page (/embed/<token>) and its own endpoints (/embed/<token>/session, /events, /photos, /issue-otp, /policies),
 * authenticated by the session token and scoped to that session's quote request.
 */
@ApiExcludeController()
@Controller('embed')
export class EmbedPageController {
  private readonly assets = new EmbedAssets();

  constructor(
    private readonly resolver: EmbedSessionResolver,
    private readonly checkout: EmbedCheckoutService,
    private readonly storePhotos: StoreSessionPhotosUseCase,
    private readonly targets: EmbedTargetRepository,
    private readonly clock: Clock,
    private readonly testClocks: TestClocks,
    private readonly insurers: MotorInsurers,
    private readonly quoteEvents: StreamQuoteEventsUseCase,
  ) {}

  @Get('assets/:name')
  asset(@Param('name') name: string, @Res() reply: FastifyReply) {
    const asset = this.assets.get(name);
    if (!asset) throw new ApiError('ROUTE_NOT_FOUND');
    if (asset === 'unbuilt') {
      return reply
        .status(503)
        .headers({ 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' })
        .type('text/plain; charset=utf-8')
        .send('The embed page is not built. Run `npm run build:embed` (npm start builds it), then reload.');
    }
    return reply
      .headers({ 'Content-Type': asset.type, 'Cache-Control': 'public, max-age=31536000, immutable', 'X-Content-Type-Options': 'nosniff' })
      .send(asset.body);
  }

  @Get(':token')
  @UseGuards(ApiThrottlerGuard)
  @Throttle({ default: { limit: EMBED_PAGE_RATE_LIMIT, ttl: RATE_LIMIT_WINDOW_MS } })
  async page(@Param('token') token: string, @Res() reply: FastifyReply) {
    const session = await this.resolver.resolve(token);
    if (!session) return this.html(reply, 404, 'en', null, [], { state: 'missing' }, MESSAGES.missing.en);
    const locale: Locale = session.locale === 'ar' ? 'ar' : 'en';
    const frameAncestor = session.platform === 'web' ? session.parentOrigin : null;
    await this.testClocks.adopt({ type: 'quote_request', key: String(session.quoteRequestId) });
    const expired = session.expiresAt.getTime() <= this.clock.now().getTime();
    // independent reads together: this response is the page's first render
    const [allowed, view] = await Promise.all([
      frameAncestor ? this.targets.isRegistered(session.clientId, 'origin', frameAncestor) : true,
      expired
        ? null
        : this.checkout.view(session).catch((e: unknown) => {
            if (e instanceof ApiError && e.kind === 'NOT_FOUND') return null;
            throw e;
          }),
    ]);
    // a site removed from the client's list stops framing its sessions at once
    if (!allowed) return this.html(reply, 403, locale, null, [], { state: 'refused' }, MESSAGES.refused[locale]);
    const base = {
      session_id: session.id,
      quote_request_id: session.quoteRequestId,
      parent_origin: frameAncestor,
      platform: session.platform as EmbedPlatform,
      locale,
    };
    if (expired) return this.html(reply, 410, locale, frameAncestor, [], { state: 'expired', ...base }, MESSAGES.expired[locale]);
    // the partner deleted the quote request: the session has nothing left to show
    if (!view) return this.html(reply, 404, locale, frameAncestor, [], { state: 'missing' }, MESSAGES.missing[locale]);
    await this.checkout.markOpened(session);
    // offers still to come (a progressive session) show their insurers' logos too: every insurer's logo origin
    const insurers = view.status === 'in_progress' ? await this.insurers.list().catch(() => []) : [];
    const logos = originsOf([
      ...view.quotes.flatMap((q) => [q.company_logo_url, q.square_company_logo_url]),
      ...insurers.flatMap((i) => [i.logoUrl ?? '', i.squareLogoUrl ?? '']),
    ]);
    return this.html(reply, 200, locale, frameAncestor, logos, { state: 'open', ...base, api: `/embed/${token}`, view });
  }

  @Get(':token/session')
  @UseGuards(EmbedSessionGuard, ApiThrottlerGuard)
  @Throttle({ default: { limit: EMBED_API_RATE_LIMIT, ttl: RATE_LIMIT_WINDOW_MS } })
  @Header('Cache-Control', 'no-store')
  view(@CurrentEmbedSession() session: EmbedSession) {
    return this.checkout.view(session);
  }

  /** The session's offers as insurers answer (server-sent events, as GET /quote-requests/{id}/events), for a session opened progressively. */
  @Get(':token/events')
  @UseGuards(EmbedSessionGuard, ApiThrottlerGuard)
  @Throttle({ default: { limit: EMBED_API_RATE_LIMIT, ttl: RATE_LIMIT_WINDOW_MS } })
  events(@CurrentEmbedSession() session: EmbedSession, @Res() reply: FastifyReply, @RequestHeader('last-event-id') lastEventId?: string) {
    return sendEventStream(reply, (send, signal) => this.quoteEvents.run(session.quoteRequestId, lastEventId, send, signal));
  }

  @Post(':token/photos')
  @HttpCode(200)
  @AcceptsMultipart()
  @UseGuards(EmbedSessionGuard, ApiThrottlerGuard, PhotoUploadGuard)
  @Throttle({ default: { limit: EMBED_API_RATE_LIMIT, ttl: RATE_LIMIT_WINDOW_MS } })
  photos(@CurrentEmbedSession() session: EmbedSession, @UploadedParts() upload: MultipartUpload) {
    return this.storePhotos.execute(session, upload);
  }

  @Post(':token/issue-otp')
  @HttpCode(204)
  @UseGuards(EmbedSessionGuard, ApiThrottlerGuard)
  @Throttle({ default: { limit: EMBED_API_RATE_LIMIT, ttl: RATE_LIMIT_WINDOW_MS } })
  async sendCode(@CurrentEmbedSession() session: EmbedSession, @Body({ schema: sendCodeSchema }) body: z.infer<typeof sendCodeSchema>): Promise<void> {
    await this.checkout.sendCode(session, body);
  }

  @Post(':token/policies')
  @HttpCode(201)
  @UseGuards(EmbedSessionGuard, ApiThrottlerGuard)
  @Throttle({ default: { limit: EMBED_API_RATE_LIMIT, ttl: RATE_LIMIT_WINDOW_MS } })
  issue(@CurrentEmbedSession() session: EmbedSession, @Body({ schema: issueSchema }) body: z.infer<typeof issueSchema>) {
    return this.checkout.issue(session, body);
  }

  private html(reply: FastifyReply, status: number, locale: 'en' | 'ar', frameAncestor: string | null, images: string[], data: PageData, message?: string) {
    return reply
      .status(status)
      .headers(pageHeaders(frameAncestor, images))
      .type('text/html; charset=utf-8')
      .send(renderPage({ locale, assetVersion: this.assets.version, data, message: status === 200 ? undefined : message }));
  }
}
