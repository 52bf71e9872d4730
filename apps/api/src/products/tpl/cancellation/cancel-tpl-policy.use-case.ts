import { Inject, Injectable, Logger } from '@nestjs/common';
import { ApiError, cancellationRefund, ErrorDetails, money, type Refund, vinProblem, z } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import type { TplPolicy } from '@lib/db/generated/prisma/client';
import type { TplProvider, WireRegisteredDocument } from '@lib/providers';
import { FileStore, type SavedFile } from '../../../platform/files/file-store';
import { CancelPolicyUseCase, EXPIRED_POLICY, type AlsoInTx, type Cancellation, type CancellationTerms } from '../../../policies/cancel-policy.use-case';
import { TPL_PROVIDER } from '../tpl-provider.token';
import { presentTplPolicy, shownTplPolicy } from '../tpl-policy.presenter';
import { PolicyEvents } from '../../../policies/events/policy-events';
import { TplPolicyRepository } from '../tpl-policy.repository';
import { inspectVehicleDocument } from '../upload/vehicle-document-content';
import { collectParts, VehicleDocumentUpload } from '../upload/vehicle-document-upload.guard';
import { Prisma } from '@lib/db';
import { PolicyStatus } from '../../../policies/policy-status';

export const INCORRECT_DOCUMENT = 'The cancellation document is incorrect. Please upload a new one.';
const DOC = 'cancellation_document';
const NOT_ISSUED = 'Only an issued policy (status 1) can be canceled; this one is not paid and issued yet.';

type Found = { policy: TplPolicy };

export type CancelTarget = { kind: 'id'; id: number } | { kind: 'vin' };

/**
 * Cancels an issued TPL v2 policy once the vehicle changed hands: the uploaded vehicle information
 * document must be one the vehicle registry knows (by content hash), show the policy's VIN and sequence
 * number, an owner other than the seller, and the transfer complete. The unused premium is refunded pro rata
 * (recorded with the cancellation, paid out through the card vendor).
 */
@Injectable()
export class CancelTplPolicyUseCase implements CancellationTerms<Found, TplPolicy> {
  readonly family = 'tpl';
  readonly noun = 'TPL policy';
  readonly notActive = NOT_ISSUED;
  private readonly log = new Logger('TplCancellation');

  constructor(
    private readonly cancellation: CancelPolicyUseCase,
    private readonly policies: TplPolicyRepository,
    private readonly files: FileStore,
    private readonly events: PolicyEvents,
    @Inject(TPL_PROVIDER) private readonly provider: TplProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(clientId: string, target: CancelTarget, upload: VehicleDocumentUpload) {
    const byVin = target.kind === 'vin';
    const { values, documents, details, seen } = collectParts(upload, byVin ? ['vin', 'email'] : [], [DOC]);
    if (!seen.has(DOC)) (details[DOC] ??= []).push('The cancellation document field is required.');
    if (byVin) {
      for (const f of ['vin', 'email']) if (!values[f]?.trim()) (details[f] ??= []).push(`The ${f} field is required.`);
      const vinIssue = values.vin?.trim() ? vinProblem(values.vin.trim().toUpperCase()) : null;
      if (vinIssue) (details.vin ??= []).push(vinIssue);
      if (values.email?.trim() && !z.email().safeParse(values.email.trim()).success) (details.email ??= []).push('The email must be a valid email address.');
    }
    const document = documents[DOC];
    let contentType: Awaited<ReturnType<typeof inspectVehicleDocument>> | null = null;
    if (document) {
      contentType = await inspectVehicleDocument(document.bytes);
      if (!contentType.ok) (details[DOC] ??= []).push(`The cancellation document ${contentType.problem}.`);
    }
    if (Object.keys(details).length || !document || !contentType?.ok) throw ApiError.validation(details);

    const policy = byVin
      ? await this.policies.findForClientByVin(clientId, values.vin.trim().toUpperCase())
      : (await this.policies.findForClient(clientId, target.id))?.policy;
    if (!policy) throw ApiError.notFound(byVin ? 'No TPL policy of this client has this vin.' : 'No TPL policy with this id.');
    if (byVin && policy.email.toLowerCase() !== values.email.trim().toLowerCase())
      throw ApiError.field('email', 'The email is not the email of the policy of this vin.');
    if (policy.status === PolicyStatus.Cancelled) throw new ApiError('ALREADY_CANCELED');
    if (policy.status === PolicyStatus.Expired) throw new ApiError('CONFLICT', EXPIRED_POLICY);
    if (policy.status !== PolicyStatus.Active) throw new ApiError('CONFLICT', NOT_ISSUED);

    let registered: WireRegisteredDocument | null;
    try {
      registered = await this.provider.findDocument(document.sha256);
    } catch (err) {
      this.log.warn(`vehicle registry failed: ${(err as Error).message}`);
      throw new ApiError('PROVIDER_FAILED', 'The vehicle registry did not answer. Try again shortly.');
    }
    const mismatch = documentMismatch(registered, policy);
    if (mismatch) throw new ApiError('VALIDATION_FAILED', INCORRECT_DOCUMENT, mismatch);

    const saved = await this.files.save({ clientId, kind: 'tpl/cancellation-document', contentType: contentType.contentType, bytes: document.bytes });
    try {
      await this.finish(policy, { by: 'client', reason: null, document: saved });
    } catch (err) {
      await this.files.discard([saved]);
      throw err;
    }
    const after = await this.policies.findForClient(clientId, policy.id);
    return presentTplPolicy(
      after!.policy,
      after!.payment,
      this.config.publicBaseUrl,
      this.files.urlOf({ id: policy.istimarahFileId, contentType: policy.istimarahType }),
    );
  }

  /**
   * Cancels an issued policy with its pro-rata refund, once its document (if any) passed the checks above:
   * `by` is `client`, or the staff email with the console's `reason`; `alsoInTx` is the console's audit record.
   */
  finish(policy: TplPolicy, record: { by: string; reason: string | null; document?: SavedFile }, alsoInTx?: AlsoInTx<TplPolicy>): Promise<TplPolicy> {
    return this.cancellation.execute(this, { found: { policy }, ...record, alsoInTx });
  }

  async find(clientId: string | null, policyId: number): Promise<Found | null> {
    const found = await this.policies.findForClient(clientId, policyId);
    return found && { policy: found.policy };
  }

  /** The insurer's `start_date` to `end_date`, both covered (the certificate says "to, inclusive"); no cooling-off. */
  refund({ policy }: Found, now: Date) {
    return cancellationRefund({ paid: money(policy.price.toString()), period: { first: policy.startDate!, last: policy.endDate! }, now });
  }

  markCancelled(tx: Prisma.TransactionClient, policyId: number, from: number, c: Cancellation<Refund>) {
    return this.policies.markCancelled(tx, policyId, from, {
      canceledAt: c.cancelledAt,
      refundAmount: c.refund!.amount.toFixed(2),
      cancellationFileId: c.document?.id ?? null,
      cancellationSha256: c.document?.sha256 ?? null,
      canceledBy: c.by,
      cancellationReason: c.reason,
    });
  }

  async announce(tx: Prisma.TransactionClient, cancelled: TplPolicy) {
    await this.events.statusUpdated(tx, shownTplPolicy(cancelled, null, this.config.publicBaseUrl, this.files));
  }
}

/** The spec's 422 details: which of vin, car_sequence_number and owner_id the document fails on. */
function documentMismatch(doc: WireRegisteredDocument | null, policy: TplPolicy): ErrorDetails | null {
  if (!doc) {
    return {
      [DOC]: ['The vehicle registry does not know this document: upload the updated vehicle information document issued after the transfer.'],
    };
  }
  const details: ErrorDetails = {};
  if (doc.vin !== policy.vin) details.vin = ['The document shows another vin than the policy.'];
  if (doc.car_sequence_number !== policy.carSequenceNumber) details.car_sequence_number = ['The document shows another car sequence number than the policy.'];
  if (doc.owner_id === policy.currentCarOwner) details.owner_id = ['The document still shows the previous owner: the ownership transfer is not complete.'];
  else if (!doc.ownership_transfer_complete) details.owner_id = ['The document does not show the ownership transfer as complete.'];
  return Object.keys(details).length ? details : null;
}
