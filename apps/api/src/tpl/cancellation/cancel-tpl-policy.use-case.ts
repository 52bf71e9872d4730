import { Inject, Injectable, Logger } from '@nestjs/common';
import { ApiError, Clock, ErrorDetails, formatDate, money, vinProblem, z } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import type { TplPolicy } from '@lib/db/generated/prisma/client';
import type { TplProvider, WireRegisteredDocument } from '@lib/providers';
import { clockedPolicy, TestClocks } from '../../test-clocks/test-clocks';
import { FileStore } from '../../files/file-store';
import { TPL_PROVIDER } from '../tpl-provider.token';
import { presentTplPolicy } from '../tpl-policy.presenter';
import { TplPolicyRepository } from '../tpl-policy.repository';
import { inspectVehicleDocument } from '../upload/vehicle-document-content';
import { collectParts, VehicleDocumentUpload } from '../upload/vehicle-document-upload.guard';
import { Prisma } from '@lib/db';
import { TplPolicyEvents } from '../events/tpl-policy-events';
import { proRataRefund } from './pro-rata-refund';
import { Refunds } from '../../payments/refunds/refunds';
import { PolicyStatus } from '../../policies/policy-status';

export const INCORRECT_DOCUMENT = 'The cancellation document is incorrect. Please upload a new one.';
const DOC = 'cancellation_document';

export type CancelTarget = { kind: 'id'; id: number } | { kind: 'vin' };

/**
 * Cancels an issued TPL v2 policy once the vehicle changed hands: the uploaded vehicle information
 * document must be one the vehicle registry knows (by content hash), show the policy's VIN and sequence
 * number, an owner other than the seller, and the transfer complete. The unused premium is refunded pro rata
 * (recorded with the cancellation, paid out through the card vendor).
 */
@Injectable()
export class CancelTplPolicyUseCase {
  private readonly log = new Logger('TplCancellation');

  constructor(
    private readonly policies: TplPolicyRepository,
    private readonly files: FileStore,
    private readonly events: TplPolicyEvents,
    private readonly refunds: Refunds,
    private readonly clock: Clock,
    private readonly testClocks: TestClocks,
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
    if (policy.status === PolicyStatus.Cancelled) throw new ApiError('ALREADY_CANCELED', 'Policy is already canceled.');
    if (policy.status !== PolicyStatus.Active)
      throw new ApiError('CONFLICT', 'Only an issued policy (status 1) can be canceled; this one is not paid and issued yet.');

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
      await this.finish(policy, { fileId: saved.id, sha256: document.sha256, by: 'client', reason: null });
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
   * Cancels an issued policy with its pro-rata refund: only one cancellation wins (the row must still be
   * issued when it is updated), and `alsoInTx` (the console's audit record) commits with it or not at all.
   */
  async finish(
    policy: TplPolicy,
    record: CancellationRecord,
    alsoInTx?: (tx: Prisma.TransactionClient, after: TplPolicy) => Promise<void>,
  ): Promise<TplPolicy> {
    if (policy.status === PolicyStatus.Cancelled) throw new ApiError('ALREADY_CANCELED', 'Policy is already canceled.');
    if (policy.status !== PolicyStatus.Active)
      throw new ApiError('CONFLICT', 'Only an issued policy (status 1) can be canceled; this one is not paid and issued yet.');
    await this.testClocks.adopt(clockedPolicy('tpl', policy.id));
    const now = this.clock.now();
    const refund = proRataRefund(money(policy.price.toString()), policy.startDate!, policy.endDate!, formatDate(now));
    const cancelled = await this.policies.transaction(async (tx) => {
      const { count } = await tx.tplPolicy.updateMany({
        where: { id: policy.id, status: PolicyStatus.Active },
        data: {
          status: PolicyStatus.Cancelled,
          canceledAt: now,
          refundAmount: refund.toFixed(2),
          cancellationFileId: record.fileId,
          cancellationSha256: record.sha256,
          canceledBy: record.by,
          cancellationReason: record.reason,
          updatedAt: now,
        },
      });
      if (count === 0) throw new ApiError('ALREADY_CANCELED', 'Policy is already canceled.');
      const after = await tx.tplPolicy.findUniqueOrThrow({ where: { id: policy.id } });
      await this.refunds.owe(tx, { policyType: 'tpl', policyId: policy.id, amount: refund, at: now });
      await this.events.statusUpdated(tx, after, null);
      await alsoInTx?.(tx, after);
      return after;
    });
    this.refunds.kick();
    return cancelled;
  }
}

/** What a cancellation records besides the status, the time and the refund. */
export interface CancellationRecord {
  fileId: string | null;
  sha256: string | null;
  /** `client`, or the staff email for a console cancellation. */
  by: string;
  reason: string | null;
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
