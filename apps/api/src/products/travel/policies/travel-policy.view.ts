import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import { FileStore } from '../../../platform/files/file-store';
import { presentTravelPolicy } from './travel-policy.presenter';
import type { ShownTravelPolicy } from './travel-policy.repository';
import type { ShownPolicy } from '../../../policies/events/policy-events';
import type { TravelPolicyOut } from '../travel.response';

/** Presents travel policies with the service's absolute URLs (payment page, stored PDFs). */
@Injectable()
export class TravelPolicyPresenter {
  constructor(
    private readonly files: FileStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  present(view: ShownTravelPolicy): TravelPolicyOut {
    return presentTravelPolicy(view, { publicBaseUrl: this.config.publicBaseUrl, fileUrl: (id) => this.files.urlOf({ id, contentType: 'application/pdf' }) });
  }

  /** The policy as its webhooks report it: exactly Show Policy's object. */
  shown(view: ShownTravelPolicy): ShownPolicy {
    return { family: 'travel', clientId: view.policy.clientId, policy: this.present(view) };
  }
}
