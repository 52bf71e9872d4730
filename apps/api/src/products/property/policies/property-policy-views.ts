import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import type { Prisma } from '@lib/db';
import type { Payment, PropertyDocument, PropertyPolicy } from '@lib/db/generated/prisma/client';
import { FileStore } from '../../../platform/files/file-store';
import type { ShownPolicy } from '../../../policies/events/policy-events';
import { presentPropertyPolicy } from './property-policy.presenter';
import { PropertyPolicyRepository, type ShownPropertyPolicy } from './property-policy.repository';

/** Turns rows into the property policy object (payment link and file URLs need the public base URL). */
@Injectable()
export class PropertyPolicyViews {
  constructor(
    private readonly policies: PropertyPolicyRepository,
    private readonly files: FileStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  present(v: ShownPropertyPolicy) {
    return presentPropertyPolicy(v.policy, v.payment, v.documents, { publicBaseUrl: this.config.publicBaseUrl, fileUrl: (d) => this.fileUrl(d) });
  }

  /** The policy as its webhooks report it, read in the transaction that changed it: exactly Show Policy's object. */
  async shown(tx: Prisma.TransactionClient, policy: PropertyPolicy, payment: Payment | null): Promise<ShownPolicy> {
    const documents = await this.policies.documentsIn(tx, policy.id);
    return { family: 'property', clientId: policy.clientId, policy: this.present({ policy, payment, documents }) };
  }

  /** Show Policy's object of the client's policy, or null when the client has no policy of that id. */
  async forClient(clientId: string, id: number) {
    const view = await this.policies.viewForClient(clientId, id);
    return view && this.present(view);
  }

  async load(policy: PropertyPolicy) {
    return this.present(await this.policies.view(policy));
  }

  fileUrl(d: Pick<PropertyDocument, 'fileId' | 'contentType'>): string {
    return this.files.urlOf({ id: d.fileId, contentType: d.contentType });
  }

  presentAll(views: ShownPropertyPolicy[]) {
    return views.map((v) => this.present(v));
  }
}
