import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database } from '@lib/db';
import type { InsurerQuoteStat, QuoteFunnel } from '../../../policies/policy-product';

interface Row {
  insurer: string;
  quote_requests: string;
  offered: string;
  answers: string;
  p50: string | null;
  p95: string | null;
  policies: string;
}

/**
 * Motor comparison's quote requests per insurer for one client, for the partners' portal: each insurer's stored answer
 * (`motor_insurer_outcomes`, one per request and insurer, with the time it took) and the policies issued with it.
 * Two statements' worth of work in one: the answers of the client's requests made in the window, and its policies
 * issued in the window, joined by insurer.
 */
@Injectable()
export class MotorQuoteFunnelRepository implements QuoteFunnel {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  async insurers(clientId: string, from: Date, to: Date): Promise<InsurerQuoteStat[]> {
    const rows = await this.db.sql.query<Row>(
      `WITH answers AS (
         SELECT o.insurer_code AS insurer, count(*)::text AS quote_requests, count(*) FILTER (WHERE o.offer_count > 0)::text AS offered,
                count(o.latency_ms)::text AS answers,
                round(percentile_cont(0.5) WITHIN GROUP (ORDER BY o.latency_ms))::text AS p50,
                round(percentile_cont(0.95) WITHIN GROUP (ORDER BY o.latency_ms))::text AS p95
           FROM motor_insurer_outcomes o JOIN motor_quote_requests r ON r.id = o.quote_request_id
          WHERE r.client_id = $1::uuid AND r.created_at >= $2::timestamptz AND r.created_at <= $3::timestamptz
          GROUP BY o.insurer_code),
       issued AS (
         SELECT insurer_code AS insurer, count(*)::text AS policies FROM motor_policies
          WHERE client_id = $1::uuid AND purchased_at >= $2::timestamptz AND purchased_at <= $3::timestamptz
          GROUP BY insurer_code)
       SELECT coalesce(a.insurer, i.insurer) AS insurer, coalesce(a.quote_requests, '0') AS quote_requests, coalesce(a.offered, '0') AS offered,
              coalesce(a.answers, '0') AS answers, a.p50, a.p95, coalesce(i.policies, '0') AS policies
         FROM answers a FULL JOIN issued i ON i.insurer = a.insurer
        ORDER BY 1`,
      [clientId, from.toISOString(), to.toISOString()],
    );
    return rows.map((r) => ({
      insurer: r.insurer,
      quoteRequests: Number(r.quote_requests),
      offered: Number(r.offered),
      policies: Number(r.policies),
      answers: Number(r.answers),
      p50Ms: r.p50 === null ? null : Number(r.p50),
      p95Ms: r.p95 === null ? null : Number(r.p95),
    }));
  }
}
