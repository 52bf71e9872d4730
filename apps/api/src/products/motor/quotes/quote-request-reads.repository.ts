import type { SqlTarget } from '@lib/db';
import type { MotorInsurerOutcome, MotorQuoteRequest } from '@lib/db/generated/prisma/client';

/**
 * A quote request as Show and List read it: every field partners read, its amount as PostgreSQL prints it ("80000.00",
 * exact, what amountNumber takes).
 */
export type QuoteRequestRecord = Omit<MotorQuoteRequest, 'carEstimatedCost' | 'deletedAt' | 'quotesDeadlineAt' | 'answerCount' | 'locale'> & {
  carEstimatedCost: string;
};

/** An insurer's answer as Show reads it: what its state in `insurers` is made of. */
export type OutcomeRecord = Pick<MotorInsurerOutcome, 'insurerCode' | 'outcome' | 'latencyMs' | 'offerCount'>;

const COLUMNS = `r.id, r.client_id AS "clientId", r.owner_id AS "ownerId", r.email, r.phone, r.birthdate,
       r.car_sequence_number AS "carSequenceNumber", r.custom_number AS "customNumber", r.maker_code AS "makerCode",
       r.model_code AS "modelCode", r.body_type_code AS "bodyTypeCode", r.is_ownership_transfer AS "isOwnershipTransfer",
       r.current_car_owner_id AS "currentCarOwnerId", r.car_estimated_cost AS "carEstimatedCost",
       r.car_model_year AS "carModelYear", r.start_date AS "startDate", r.drivers, r.attachments,
       r.quotes_status AS "quotesStatus", r.insurer_codes AS "insurerCodes", r.created_at AS "createdAt", r.updated_at AS "updatedAt"`;

// The request and its answers in one statement (through Prisma, an include is a second one), planned once per connection.
const SHOW_SQL = `SELECT ${COLUMNS},
       COALESCE((SELECT json_agg(json_build_object('insurerCode', o.insurer_code, 'outcome', o.outcome, 'latencyMs', o.latency_ms,
                                                   'offerCount', o.offer_count) ORDER BY o.seq)
                   FROM motor_insurer_outcomes o WHERE o.quote_request_id = r.id), '[]') AS outcomes,
       (r.quotes_status = 'in_progress' AND r.quotes_deadline_at < now()) AS overdue
  FROM motor_quote_requests r
 WHERE r.id = $1::int AND r.client_id = $2::uuid AND r.deleted_at IS NULL`;

/** A request as Show reads it: `overdue` when it is still in progress past its deadline (its instance died). */
export type ShownRequestRecord = QuoteRequestRecord & { outcomes: OutcomeRecord[]; overdue: boolean };

/** The client's request (not deleted) with its answers in the order they arrived; null when there is none. */
export async function readShownRequest(sql: SqlTarget, clientId: string, id: number): Promise<ShownRequestRecord | null> {
  const [row] = await sql.query<ShownRequestRecord>(SHOW_SQL, [id, clientId], 'motor_quote_request_show');
  return row ?? null;
}

/** Inclusive bounds on created_at, and an owner. */
export interface QuoteRequestFilter {
  ownerId?: string;
  from?: Date;
  to?: Date;
}

/**
 * The client's requests (not deleted) the filter matches, as SQL conditions on `r` after `first` parameters of the
 * statement's own, and the statement's name suffix. Each combination of filters is its own statement, so each is
 * planned for the conditions it has (conditions made optional in SQL would leave a plan cached per connection that
 * picks an index without knowing which are given).
 */
function matching(clientId: string, f: QuoteRequestFilter, first: number): { where: string; params: unknown[]; name: string } {
  const conditions = [`r.client_id = $${first + 1}::uuid`, 'r.deleted_at IS NULL'];
  const params: unknown[] = [clientId];
  const add = (condition: (n: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(`$${first + params.length}`));
  };
  if (f.ownerId) add((n) => `r.owner_id = ${n}::text`, f.ownerId);
  if (f.from) add((n) => `r.created_at >= ${n}::timestamptz`, f.from);
  if (f.to) add((n) => `r.created_at <= ${n}::timestamptz`, f.to);
  return { where: conditions.join(' AND '), params, name: `${f.ownerId ? 'o' : ''}${f.from ? 'f' : ''}${f.to ? 't' : ''}` };
}

/** A page of the client's requests (not deleted) the filter matches, newest first. */
export async function readRequestPage(sql: SqlTarget, clientId: string, f: QuoteRequestFilter, skip: number, take: number): Promise<QuoteRequestRecord[]> {
  const m = matching(clientId, f, 2);
  return sql.query<QuoteRequestRecord>(
    `SELECT ${COLUMNS} FROM motor_quote_requests r WHERE ${m.where} ORDER BY r.id DESC OFFSET $1 LIMIT $2`,
    [skip, take, ...m.params],
    `motor_quote_request_page_${m.name}`,
  );
}

/**
 * How many of the client's requests (not deleted) the filter matches; at most `upTo` when given, counted along the
 * list's own order so that the bounded count reads the list's index (see listTotal).
 */
export async function countRequests(sql: SqlTarget, clientId: string, f: QuoteRequestFilter, upTo?: number): Promise<number> {
  if (upTo === undefined) {
    const all = matching(clientId, f, 0);
    return (
      await sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM motor_quote_requests r WHERE ${all.where}`,
        all.params,
        `motor_quote_request_count_${all.name}`,
      )
    )[0].n;
  }
  const m = matching(clientId, f, 1);
  const sqlText = `SELECT count(*)::int AS n FROM (SELECT 1 FROM motor_quote_requests r WHERE ${m.where} ORDER BY r.id DESC LIMIT $1) x`;
  return (await sql.query<{ n: number }>(sqlText, [upTo, ...m.params], `motor_quote_request_count_upto_${m.name}`))[0].n;
}

/** How many of the client's requests (not deleted) the filter matches, per month of creation (UTC, "YYYY-MM"), in month order. */
export async function countRequestsByMonth(sql: SqlTarget, clientId: string, f: QuoteRequestFilter): Promise<Array<{ month: string; count: number }>> {
  const m = matching(clientId, f, 0);
  return sql.query<{ month: string; count: number }>(
    `SELECT to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month, count(*)::int AS count
       FROM motor_quote_requests r WHERE ${m.where} GROUP BY 1 ORDER BY 1`,
    m.params,
    `motor_quote_request_months_${m.name}`,
  );
}
