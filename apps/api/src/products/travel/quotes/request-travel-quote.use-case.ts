import { Inject, Injectable } from '@nestjs/common';
import { ApiError, Clock } from '@lib/common';
import { isInsurerCallError, type TravelProvider } from '@lib/providers';
import { TRAVEL_PROVIDER, TRAVEL_QUOTE_VALID_MS } from '../travel-products';
import { travelBill } from './travel-bill';
import { TestClocks } from '../../../platform/test-clocks/test-clocks';
import { readTravelQuote } from './travel-quote.request';
import { clockedTravelQuote } from './travel-quote.clock';
import { TravelQuoteRepository } from './travel-quote.repository';
import { presentTravelQuote } from './travel-quote.presenter';

/** Checks the trip, has the travel insurer price it by age band, and keeps the quote for 48 hours. */
@Injectable()
export class RequestTravelQuoteUseCase {
  constructor(
    @Inject(TRAVEL_PROVIDER) private readonly provider: TravelProvider,
    private readonly quotes: TravelQuoteRepository,
    private readonly clock: Clock,
    private readonly testClocks: TestClocks,
  ) {}

  async execute(clientId: string, body: unknown) {
    const now = this.clock.now();
    const { input, trip } = readTravelQuote(body, now);
    let answer;
    try {
      answer = await this.provider.quote({
        start_date: trip.startDate,
        duration_days: trip.days,
        multi_entry: input.multi_entry,
        travellers: trip.ages.map((age) => ({ age })),
      });
    } catch (err) {
      if (isInsurerCallError(err)) throw new ApiError('PROVIDER_FAILED', `The travel insurer did not price the trip: ${err.message}`);
      throw err;
    }
    if (answer.status === 'declined') throw ApiError.field('travellers', `The insurer declines this trip: ${answer.reason}`);
    const { bill, subtotal, vat, total } = travelBill(answer);
    const quote = await this.quotes.create({
      clientId,
      insurerCode: answer.insurer.code,
      nationalityId: input.nationality_id,
      phoneNumber: input.phone_number,
      email: input.email,
      dateOfBirth: input.date_of_birth,
      multiEntry: input.multi_entry,
      duration: trip.days,
      startDate: trip.startDate,
      endDate: trip.endDate,
      travellers: input.travellers,
      bill: bill as object,
      subtotal: subtotal.toFixed(2),
      vat: vat.toFixed(2),
      price: total.toFixed(2),
      expiresAt: new Date(now.getTime() + TRAVEL_QUOTE_VALID_MS),
      createdAt: now,
      updatedAt: now,
    });
    // on a test clock (Sandbox-Test-Clock), the 48-hour expiry runs on that clock
    await this.testClocks.attach(null, clockedTravelQuote(quote.quoteId));
    return presentTravelQuote(quote);
  }
}
