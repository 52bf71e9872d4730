import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ApiError, Clock, ErrorDetails, HOUR_MS, issuesToDetails } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { RequestQuotesUseCase } from '../../quotes/request-quotes.use-case';
import { RequestQuotesAsyncUseCase } from '../../quotes/request-quotes-async.use-case';
import { quoteRequestSchema } from '../../quotes/quote-request.schema';
import { EmbedTargetRepository } from '../targets/embed-target.repository';
import { deepLinkMatches, normaliseAppLink, normaliseOrigin } from '../targets/embed-target.rules';
import { EmbedFields, embedFieldsSchema, platformProblems, splitBody } from './embed-session.schema';
import { EmbedSessionRepository } from './embed-session.repository';
import { embedUrl, EmbedSessionResponse, presentEmbedSession } from './embed-session.presenter';
import { EmbedTokens } from './embed-token';

/** An embed URL works for one hour; then the partner posts the same payload again. */
export const EMBED_SESSION_TTL_MS = HOUR_MS;

/**
 * Opens an embed session: checks where it will run against the client's registered sites and app
 * links and every Request Quotes rule (one 422 naming every field), requests the quotes through the
 * motor use-case (all of them first, or progressively), and opens the session over the new quote request.
 */
@Injectable()
export class OpenEmbedSessionUseCase {
  constructor(
    private readonly requestQuotes: RequestQuotesUseCase,
    private readonly requestQuotesAsync: RequestQuotesAsyncUseCase,
    private readonly targets: EmbedTargetRepository,
    private readonly sessions: EmbedSessionRepository,
    private readonly tokens: EmbedTokens,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** `progressive` (Prefer: respond-async): the session opens as soon as the quote request is stored; the page shows offers as insurers answer. */
  async execute(clientId: string, body: unknown, progressive = false): Promise<EmbedSessionResponse> {
    const now = this.clock.now();
    const split = splitBody(body);
    if (!split) throw ApiError.field('body', 'The request body must be a JSON object.');

    const own = embedFieldsSchema.safeParse(split.own);
    const details: ErrorDetails = { ...(own.success ? {} : issuesToDetails(own.error.issues)), ...platformProblems(split.own) };
    if (own.success && !Object.keys(details).length) Object.assign(details, await this.placeProblems(clientId, own.data));
    const quote = quoteRequestSchema(now).safeParse(split.quote);
    if (!quote.success) Object.assign(details, issuesToDetails(quote.error.issues));
    if (Object.keys(details).length || !own.success) throw ApiError.validation(details);
    const fields = own.data;

    const command = { clientId, body: split.quote, locale: fields.locale };
    const quoteRequest = progressive ? await this.requestQuotesAsync.execute(command) : await this.requestQuotes.execute(command);
    const id = randomUUID();
    const token = this.tokens.tokenFor(id);
    const session = await this.sessions.create({
      id,
      clientId,
      quoteRequestId: quoteRequest.id,
      platform: fields.platform,
      parentOrigin: fields.platform === 'web' ? originOf(fields.parent_origin!) : null,
      deepLink: fields.platform === 'webview' ? fields.deep_link! : null,
      locale: fields.locale,
      redirectUrl: fields.redirect_url ?? null,
      tokenHash: this.tokens.hash(token),
      expiresAt: new Date(now.getTime() + EMBED_SESSION_TTL_MS),
      createdAt: now,
    });
    return presentEmbedSession(session, embedUrl(this.config.publicBaseUrl, token), now);
  }

  /** The parent origin or deep link: well formed and registered by this client beforehand. */
  private async placeProblems(clientId: string, f: EmbedFields): Promise<ErrorDetails> {
    const production = this.config.env === 'production';
    if (f.platform === 'web') {
      const origin = normaliseOrigin(f.parent_origin!, production);
      if (!origin.ok) return { parent_origin: [`The parent origin ${origin.problem}.`] };
      if (!(await this.targets.isRegistered(clientId, 'origin', origin.value))) {
        return {
          parent_origin: [`The parent origin ${origin.value} is not registered for this client. Ask for it to be added to the client's embed sites first.`],
        };
      }
      return {};
    }
    const link = normaliseAppLink(f.deep_link!.split(/[?#]/)[0], production);
    if (!link.ok) return { deep_link: [`The deep link ${link.problem}.`] };
    const prefixes = await this.targets.values(clientId, 'app');
    if (!prefixes.some((p) => deepLinkMatches(f.deep_link!, p))) {
      return {
        deep_link: ["The deep link does not start with an app link registered for this client. Ask for it to be added to the client's embed app links first."],
      };
    }
    return {};
  }
}

/** The normalised form of an origin already validated by placeProblems. */
function originOf(raw: string): string {
  const origin = normaliseOrigin(raw, false);
  if (!origin.ok) throw new Error('originOf called with an unvalidated origin');
  return origin.value;
}
