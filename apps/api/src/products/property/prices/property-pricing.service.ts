import { setMaxListeners } from 'node:events';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ApiError, money, withVat } from '@lib/common';
import { APP_CONFIG, AppConfig } from '@lib/config';
import type { PropertyProvider, PropertyQuote, PropertyRisk } from '@lib/providers';
import { providerFailure } from '../property-insurer-errors';
import { PROPERTY_PROVIDER } from '../property-products';

export interface PricedQuote {
  quote: PropertyQuote;
  subtotal: ReturnType<typeof withVat>['subtotal'];
  vat: ReturnType<typeof withVat>['vat'];
  total: ReturnType<typeof withVat>['total'];
  vatPercentage: ReturnType<typeof withVat>['vatPercentage'];
}

function priced(quote: PropertyQuote): PricedQuote {
  const { subtotal, vat, total, vatPercentage } = withVat(money(quote.netPremium));
  return { quote, subtotal, vat, total, vatPercentage };
}

/** Prices from the property insurers, VAT added here (once, by withVat). */
@Injectable()
export class PropertyPricingService {
  private readonly log = new Logger('PropertyPricing');

  constructor(
    @Inject(PROPERTY_PROVIDER) private readonly provider: PropertyProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Every insurer at once; one that fails or is slow is left out (and logged), never failing the others.
   * Only when none answers is it a 502.
   */
  async all(risk: PropertyRisk): Promise<PricedQuote[]> {
    let insurers;
    try {
      insurers = await this.provider.listInsurers({ timeoutMs: 5_000 });
    } catch (err) {
      throw providerFailure(err, 'The property insurers directory');
    }
    const deadline = new AbortController();
    setMaxListeners(Math.max(10, insurers.length * 2), deadline.signal);
    const timer = setTimeout(() => deadline.abort(), this.config.propertyInsurerTimeoutMs);
    try {
      const outcomes = await Promise.allSettled(insurers.map((i) => this.provider.price(i.code, risk, { signal: deadline.signal })));
      const quotes: PricedQuote[] = [];
      outcomes.forEach((o, i) => {
        if (o.status === 'fulfilled') quotes.push(priced(o.value));
        else this.log.warn(`property insurer ${insurers[i].code} gave no price: ${(o.reason as Error).message}`);
      });
      if (insurers.length > 0 && quotes.length === 0) throw new ApiError('PROVIDER_FAILED', 'No property insurer answered with a price.');
      return quotes;
    } finally {
      clearTimeout(timer);
    }
  }

  /** One insurer's price, live (issuance charges what the insurer quotes now). */
  async one(insurerCode: string, risk: PropertyRisk): Promise<PricedQuote> {
    try {
      return priced(await this.provider.price(insurerCode, risk, { timeoutMs: this.config.propertyInsurerTimeoutMs }));
    } catch (err) {
      throw providerFailure(err, `The insurer ${insurerCode}`);
    }
  }
}
