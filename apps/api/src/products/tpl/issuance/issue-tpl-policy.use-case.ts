import { Inject, Injectable, Logger } from '@nestjs/common';
import { ApiError, Clock, ErrorDetails, money } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { Prisma } from '@lib/db';
import type { TplProvider, WireRegisteredDocument } from '@lib/providers';
import { FileStore, SavedFile } from '../../../platform/files/file-store';
import { PaymentRepository } from '../../../payments/payment.repository';
import { clockedPolicy, TestClocks } from '../../../platform/test-clocks/test-clocks';
import { PAYMENT_LINK_PERIODS_MS } from '../../../payments/payment-link-periods';
import { TPL_PROVIDER } from '../tpl-provider.token';
import { presentTplPolicy, shownTplPolicy } from '../tpl-policy.presenter';
import { PolicyEvents } from '../../../policies/events/policy-events';
import { TplPolicyRepository } from '../tpl-policy.repository';
import { inspectVehicleDocument } from '../upload/vehicle-document-content';
import { collectParts, VehicleDocumentUpload } from '../upload/vehicle-document-upload.guard';
import { checkIssueFields, ISSUE_FIELDS, TplIssueValues } from './tpl-issue.fields';
import { PolicyStatus } from '../../../policies/policy-status';

const FIELD_ORDER = [...ISSUE_FIELDS, 'istimarah'];

/**
 * Issues a TPL v2 policy: validates every field and the istimarah by content, asks the insurer's flat
 * price, and checks the istimarah against the vehicle registry. A matching istimarah gives a pending
 * policy (status 0) with a payment link; one the registry does not know, or that shows another vehicle
 * or owner, puts the policy on hold (status 3) with `incorrect_info_message` and no payment.
 */
@Injectable()
export class IssueTplPolicyUseCase {
  private readonly log = new Logger('TplIssuance');

  constructor(
    private readonly policies: TplPolicyRepository,
    private readonly payments: PaymentRepository,
    private readonly events: PolicyEvents,
    private readonly files: FileStore,
    private readonly clock: Clock,
    private readonly testClocks: TestClocks,
    @Inject(TPL_PROVIDER) private readonly provider: TplProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(clientId: string, upload: VehicleDocumentUpload) {
    const { values, istimarah, contentType } = await this.validate(upload);
    await this.policies.lapseUnpaid(values.vin, values.carSequenceNumber, this.clock.now());
    const active = await this.policies.findActiveByVehicle(values.vin, values.carSequenceNumber);
    if (active) throw vehicleTaken(active.vin === values.vin ? 'vin' : 'car_sequence_number');

    const [price, registered] = await Promise.all([this.call(() => this.provider.price()), this.call(() => this.provider.findDocument(istimarah.sha256))]);
    const hold = holdReason(registered, values);
    const now = this.clock.now();
    const saved = await this.files.save({ clientId, kind: 'tpl/istimarah', contentType, bytes: istimarah.bytes });
    try {
      const { policy, payment } = await this.policies.transaction(async (tx) => {
        const policy = await this.policies.create(tx, {
          clientId,
          insurerCode: price.insurer_code,
          email: values.email,
          vin: values.vin,
          carSequenceNumber: values.carSequenceNumber,
          currentCarOwner: values.currentCarOwner,
          newOwnerId: values.newOwnerId,
          istimarahFileId: saved.id,
          istimarahSha256: istimarah.sha256,
          istimarahType: contentType,
          extraFields: (values.extraFields ?? Prisma.DbNull) as Prisma.InputJsonValue,
          redirectUrl: values.redirectUrl,
          status: hold ? PolicyStatus.OnHold : PolicyStatus.Pending,
          holdReason: hold,
          price: money(price.total).toFixed(2),
          createdAt: now,
          updatedAt: now,
        });
        await this.testClocks.attach(tx, clockedPolicy('tpl', policy.id));
        const payment = hold
          ? null
          : await this.payments.createPending(tx, {
              clientId,
              policyType: 'tpl',
              policyId: policy.id,
              amount: money(price.total).toFixed(2),
              expiresAt: new Date(now.getTime() + PAYMENT_LINK_PERIODS_MS.tpl),
              at: now,
            });
        await this.events.statusUpdated(tx, shownTplPolicy(policy, payment, this.config.publicBaseUrl, this.files));
        return { policy, payment };
      });
      return presentTplPolicy(policy, payment, this.config.publicBaseUrl, saved.url);
    } catch (e) {
      await this.files.discard([saved as SavedFile]);
      // The partial unique indexes on active VINs and sequence numbers: a concurrent issuance for the same vehicle won.
      if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002')
        throw vehicleTaken(String(e.meta?.target ?? '').includes('sequence') ? 'car_sequence_number' : 'vin');
      throw e;
    }
  }

  private async validate(upload: VehicleDocumentUpload) {
    const { values, documents, details, seen } = collectParts(upload, ISSUE_FIELDS, ['istimarah']);
    if (!seen.has('istimarah')) (details.istimarah ??= []).push('The istimarah field is required.');
    const checked = checkIssueFields(values, details);
    const istimarah = documents.istimarah;
    let contentType: Awaited<ReturnType<typeof inspectVehicleDocument>> | null = null;
    if (istimarah) {
      contentType = await inspectVehicleDocument(istimarah.bytes);
      if (!contentType.ok) (details.istimarah ??= []).push(`The istimarah ${contentType.problem}.`);
    }
    if (Object.keys(details).length || !checked || !istimarah || !contentType?.ok) throw ApiError.validation(ordered(details));
    return { values: checked, istimarah, contentType: contentType.contentType };
  }

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      this.log.warn(`TPL insurer or registry failed: ${(err as Error).message}`);
      throw new ApiError('PROVIDER_FAILED', 'The TPL insurer did not answer. Try again shortly.');
    }
  }
}

function vehicleTaken(field: 'vin' | 'car_sequence_number'): ApiError {
  return ApiError.field(field, `The ${field === 'vin' ? 'vin' : 'car sequence number'} already has an active TPL policy (pending or issued).`);
}

/** Why the insurer puts the policy on hold, or null when the istimarah shows this vehicle and seller. */
function holdReason(doc: WireRegisteredDocument | null, v: TplIssueValues): string | null {
  if (!doc) return 'The istimarah is not in the vehicle registry. Upload the current registration of the vehicle.';
  const wrong: string[] = [];
  if (doc.vin !== v.vin) wrong.push('vin');
  if (doc.car_sequence_number !== v.carSequenceNumber) wrong.push('car_sequence_number');
  if (doc.owner_id !== v.currentCarOwner) wrong.push('current_car_owner');
  return wrong.length ? `The istimarah does not match the ${wrong.join(', ')} sent. Correct the details or upload the right istimarah.` : null;
}

function ordered(details: ErrorDetails): ErrorDetails {
  const rank = (k: string) => (FIELD_ORDER.indexOf(k) === -1 ? FIELD_ORDER.length : FIELD_ORDER.indexOf(k));
  return Object.fromEntries(
    Object.keys(details)
      .sort((a, b) => rank(a) - rank(b))
      .map((k) => [k, details[k]]),
  );
}
