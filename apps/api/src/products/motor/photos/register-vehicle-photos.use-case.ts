import { Inject, Injectable, Logger } from '@nestjs/common';
import { ApiError, Clock, ErrorDetails, formatDateTime, z } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { isMotorProviderError, MotorProvider, PHOTO_PARTS, VehicleKey, VehiclePhotoPart, VehiclePhotoRegistration, VehiclePhotoUrls } from '@lib/providers';
import { TestClocks } from '../../../platform/test-clocks/test-clocks';
import { FileStore, SavedFile } from '../../../platform/files/file-store';
import { FileUrlSigner, unsigned } from '../../../platform/files/file-url-signer';
import { MOTOR_PROVIDER } from '../motor-insurers';
import { QuoteRequestRepository, QuoteRequestRow } from '../quotes/quote-request.repository';
import type { MultipartUpload } from './multipart-upload.guard';
import { inspectPhoto } from '../../../platform/files/photo-content';
import { VehiclePhotoRepository } from './vehicle-photo.repository';
import type { VehiclePhotosOut } from './vehicle-photos.response';

/** The insurer downloads the five photos during the call (up to 10 s each, in parallel): allow for it on top of the usual timeout. */
const PHOTO_DOWNLOAD_ALLOWANCE_MS = 15_000;
const PRICE_FIELD = 'quote_price_id';

export interface RegisterVehiclePhotosCommand {
  clientId: string;
  quoteRequestId: number;
  upload: MultipartUpload;
}

/** The answer of the photo upload (`MotorVehiclePhotos`). */
export type VehiclePhotosResponse = VehiclePhotosOut;

type Offer = QuoteRequestRow['offers'][number];
type CheckedPhoto = { bytes: Buffer; contentType: 'image/jpeg' | 'image/png' };

const isPhotoPart = (name: string): name is VehiclePhotoPart => (PHOTO_PARTS as readonly string[]).includes(name);

/**
 * Vehicle photos: checks the five files by content, stores them, and has the insurer of the chosen
 * comprehensive offer download and check them. The insurer keeps the first set it accepted per vehicle;
 * a later set answers `already_registered` with the kept set, and the new files are dropped again.
 */
@Injectable()
export class RegisterVehiclePhotosUseCase {
  private readonly log = new Logger('VehiclePhotos');

  constructor(
    private readonly quoteRequests: QuoteRequestRepository,
    private readonly registrations: VehiclePhotoRepository,
    private readonly files: FileStore,
    private readonly signer: FileUrlSigner,
    private readonly clock: Clock,
    private readonly testClocks: TestClocks,
    @Inject(MOTOR_PROVIDER) private readonly provider: MotorProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(cmd: RegisterVehiclePhotosCommand): Promise<VehiclePhotosResponse> {
    const request = await this.quoteRequests.findForClient(cmd.clientId, cmd.quoteRequestId);
    if (!request) throw ApiError.notFound('No quote request with this id.');
    await this.testClocks.adopt({ type: 'quote_request', key: String(request.id) });
    const now = this.clock.now();
    const { offer, priceId, photos } = await this.validate(cmd.upload, request, now, true);
    const saved = await this.save(cmd.clientId, photos);
    return this.submit(cmd.clientId, request, offer!, priceId, saved, true);
  }

  /**
   * The embedded flow's first half: checks the five photos by the same rules (no `quote_price_id`: no offer
   * is chosen yet) and stores them. Nothing goes to an insurer until `registerStored`.
   */
  async checkAndStore(clientId: string, upload: MultipartUpload): Promise<Record<VehiclePhotoPart, SavedFile>> {
    const { photos } = await this.validate(upload, null, this.clock.now(), false);
    return this.save(clientId, photos);
  }

  /**
   * The embedded flow's second half: registers a stored set with the insurer of the comprehensive offer
   * the customer picked. The stored files stay whatever the insurer answers (their owner decides).
   */
  async registerStored(
    clientId: string,
    quoteRequestId: number,
    priceId: string,
    stored: Record<VehiclePhotoPart, { url: string }>,
  ): Promise<VehiclePhotosResponse> {
    const request = await this.quoteRequests.findForClient(clientId, quoteRequestId);
    if (!request) throw ApiError.notFound('No quote request with this id.');
    const problems: string[] = [];
    const offer = resolveOffer(request, priceId, this.clock.now(), (_f, m) => problems.push(m));
    if (!offer) throw ApiError.field(PRICE_FIELD, problems[0] ?? 'The selected quote price id is invalid.');
    return this.submit(clientId, request, offer, priceId, stored, false);
  }

  /** Has the offer's insurer download and check the photos, then records what it keeps. */
  private async submit(
    clientId: string,
    request: QuoteRequestRow,
    offer: Offer,
    priceId: string,
    saved: Record<VehiclePhotoPart, Pick<SavedFile, 'url'> & Partial<SavedFile>>,
    discardUnkept: boolean,
  ): Promise<VehiclePhotosResponse> {
    // The insurer downloads the photos without our credentials: signed URLs that expire in minutes.
    const urls = Object.fromEntries(PHOTO_PARTS.map((p) => [p, this.signer.sign(unsigned(saved[p].url))])) as VehiclePhotoUrls;
    const vehicle: VehicleKey = request.customNumber ? { customNumber: request.customNumber } : { sequenceNumber: request.carSequenceNumber! };
    const ours = Object.values(saved).filter((f): f is SavedFile => Boolean(f.id && f.contentType));
    let result: VehiclePhotoRegistration;
    try {
      result = await this.provider.submitVehiclePhotos(offer.insurerCode, vehicle, urls, {
        timeoutMs: this.config.motorInsurerTimeoutMs + PHOTO_DOWNLOAD_ALLOWANCE_MS,
      });
    } catch (err) {
      if (discardUnkept) await this.files.discard(ours);
      throw this.insurerFailure(err, offer);
    }
    // Files the insurer did not keep (all five when it already held a set) are not kept either.
    // What is kept and answered is the plain URL (the partner downloads it with its token), never a signature.
    const photos = Object.fromEntries(Object.entries(result.photos).map(([p, url]) => [p, unsigned(url)])) as VehiclePhotoUrls;
    const kept = new Set(Object.values(photos));
    if (discardUnkept) await this.files.discard(ours.filter((f) => !kept.has(f.url)));

    await this.registrations.record({
      clientId,
      quoteRequestId: request.id,
      offerId: offer.id,
      priceId,
      insurerCode: offer.insurerCode,
      vehicleKey: 'customNumber' in vehicle ? `custom:${vehicle.customNumber}` : `seq:${vehicle.sequenceNumber}`,
      alreadyRegistered: result.alreadyRegistered,
      photos,
      at: this.clock.now(),
    });
    return { attachments: pick(photos), already_registered: result.alreadyRegistered };
  }

  /** Every problem of the upload at once: the price, missing, repeated and unknown parts, size, content. */
  private async validate(upload: MultipartUpload, request: QuoteRequestRow | null, now: Date, withPrice: boolean) {
    const problems = new Map<string, string[]>();
    const add = (field: string, message: string) => problems.set(field, [...(problems.get(field) ?? []), message]);
    const seen = new Set<string>();
    const files: Partial<Record<VehiclePhotoPart, Buffer>> = {};
    let priceValue: string | undefined;

    for (const part of upload.parts) {
      if (seen.has(part.name)) {
        if (part.name === PRICE_FIELD || isPhotoPart(part.name)) add(part.name, `The ${label(part.name)} field must be sent only once.`);
        continue;
      }
      seen.add(part.name);
      if (part.name === PRICE_FIELD && withPrice) {
        if (part.type !== 'field') add(PRICE_FIELD, 'The quote price id must be a text field, not a file.');
        else if (part.truncated) add(PRICE_FIELD, 'The quote price id must be a valid UUID.');
        else priceValue = part.value;
      } else if (isPhotoPart(part.name)) {
        if (part.type !== 'file') add(part.name, `The ${part.name} field must be a file.`);
        else if (part.tooLarge || !part.bytes) add(part.name, `The ${part.name} photo must not be larger than 3 MB.`);
        else files[part.name] = part.bytes;
      } else {
        add(part.name, `The ${part.name} field is not allowed.`);
      }
    }
    for (const name of withPrice ? [PRICE_FIELD, ...PHOTO_PARTS] : PHOTO_PARTS) if (!seen.has(name)) add(name, `The ${label(name)} field is required.`);

    let offer: Offer | undefined;
    let priceId = '';
    if (priceValue !== undefined && request) {
      const parsed = z.uuid().safeParse(priceValue.trim());
      if (!parsed.success) add(PRICE_FIELD, 'The quote price id must be a valid UUID.');
      else {
        priceId = parsed.data.toLowerCase();
        offer = resolveOffer(request, priceId, now, add);
      }
    }

    const photos: Partial<Record<VehiclePhotoPart, CheckedPhoto>> = {};
    await Promise.all(
      PHOTO_PARTS.filter((p) => files[p]).map(async (part) => {
        const verdict = await inspectPhoto(files[part]!);
        if (verdict.ok) photos[part] = { bytes: files[part]!, contentType: verdict.contentType };
        else add(part, `The ${part} photo ${verdict.problem}.`);
      }),
    );

    if (problems.size > 0) {
      const order = [PRICE_FIELD, ...PHOTO_PARTS];
      const keys = [...problems.keys()].sort((a, b) => rank(order, a) - rank(order, b));
      const details: ErrorDetails = Object.fromEntries(keys.map((k) => [k, problems.get(k)!]));
      throw ApiError.validation(details);
    }
    return { offer, priceId, photos: photos as Record<VehiclePhotoPart, CheckedPhoto> };
  }

  private async save(clientId: string, photos: Record<VehiclePhotoPart, CheckedPhoto>): Promise<Record<VehiclePhotoPart, SavedFile>> {
    const results = await Promise.allSettled(
      PHOTO_PARTS.map((part) => this.files.save({ clientId, kind: `vehicle-photo/${part}`, contentType: photos[part].contentType, bytes: photos[part].bytes })),
    );
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) {
      await this.files.discard(results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])));
      throw failed.reason;
    }
    return Object.fromEntries(PHOTO_PARTS.map((part, i) => [part, (results[i] as PromiseFulfilledResult<SavedFile>).value])) as Record<
      VehiclePhotoPart,
      SavedFile
    >;
  }

  /** A photo the insurer refused is the customer's to fix (422 naming the part); anything else is the insurer's failure (502). */
  private insurerFailure(err: unknown, offer: Offer): ApiError {
    if (isMotorProviderError(err) && err.failure === 'rejected') {
      const details: ErrorDetails = {};
      for (const [path, messages] of Object.entries(err.details ?? {})) {
        const part = path.replace(/^photos\./, '');
        if (isPhotoPart(part)) details[part] = messages.map((m) => `${offer.companyName} refused the ${part} photo: ${m}`);
      }
      if (Object.keys(details).length) return ApiError.validation(details);
    }
    const what = isMotorProviderError(err) ? `${err.failure}: ${err.message}` : String(err);
    this.log.warn(`photo check by ${offer.insurerCode} failed (${what})`);
    const timedOut = isMotorProviderError(err) && err.failure === 'timeout';
    return new ApiError(
      'PROVIDER_FAILED',
      `${offer.companyName} ${timedOut ? 'did not check the photos in time' : 'could not check the photos'}. Try again shortly.`,
    );
  }
}

/** The comprehensive, unexpired offer of `priceId` in the request, or undefined after saying why not. */
function resolveOffer(request: QuoteRequestRow, priceId: string, now: Date, add: (field: string, message: string) => void): Offer | undefined {
  const offer = request.offers.find((o) => o.prices.some((p) => p.id === priceId));
  if (!offer) add(PRICE_FIELD, 'The selected quote price id is not a price of this quote request.');
  else if (offer.type !== 'Comprehensive') add(PRICE_FIELD, `Vehicle photos are for comprehensive cover only; this price belongs to a ${offer.type} offer.`);
  else if (offer.expiresAt.getTime() <= now.getTime())
    add(PRICE_FIELD, `The offer of this price expired at ${formatDateTime(offer.expiresAt)}; request quotes again.`);
  else return offer;
  return undefined;
}

function label(field: string): string {
  return field.replace(/_/g, ' ');
}

function rank(order: string[], key: string): number {
  const i = order.indexOf(key);
  return i === -1 ? order.length : i;
}

function pick(photos: VehiclePhotoUrls): VehiclePhotoUrls {
  return Object.fromEntries(PHOTO_PARTS.map((p) => [p, photos[p]])) as VehiclePhotoUrls;
}
