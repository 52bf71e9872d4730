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
                   FROM motor_insurer_outcomes o WHERE o.quote_request_id = r.id), '[]') AS outcomes
  FROM motor_quote_requests r
 WHERE r.id = $1::int AND r.client_id = $2::uuid AND r.deleted_at IS NULL`;

/** The client's request (not deleted) with its answers in the order they arrived; null when there is none. */
export async function readShownRequest(sql: SqlTarget, clientId: string, id: number): Promise<(QuoteRequestRecord & { outcomes: OutcomeRecord[] }) | null> {
  const [row] = await sql.query<QuoteRequestRecord & { outcomes: OutcomeRecord[] }>(SHOW_SQL, [id, clientId], 'motor_quote_request_show');
  return row ?? null;
}

/** Inclusive bounds on created_at, and an owner. */
export interface QuoteRequestFilter {
  ownerId?: string;
  from?: Date;
  to?: Date;
}

/**
 * A page of the client's requests (not deleted) the filter matches, newest first. Each combination of filters is its
 * own statement, so each is planned for the conditions it has (a condition made optional in SQL would leave the plan
 * cached for a connection to pick an index without knowing which are given).
 */
export async function readRequestPage(sql: SqlTarget, clientId: string, f: QuoteRequestFilter, skip: number, take: number): Promise<QuoteRequestRecord[]> {
  const conditions = ['r.client_id = $1::uuid', 'r.deleted_at IS NULL'];
  const params: unknown[] = [clientId, skip, take];
  const add = (condition: (n: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(`$${params.length}`));
  };
  if (f.ownerId) add((n) => `r.owner_id = ${n}::text`, f.ownerId);
  if (f.from) add((n) => `r.created_at >= ${n}::timestamptz`, f.from);
  if (f.to) add((n) => `r.created_at <= ${n}::timestamptz`, f.to);
  const name = `motor_quote_request_page_${f.ownerId ? 'o' : ''}${f.from ? 'f' : ''}${f.to ? 't' : ''}`;
  return sql.query<QuoteRequestRecord>(`SELECT ${COLUMNS} FROM motor_quote_requests r WHERE ${conditions.join(' AND ')} ORDER BY r.id DESC OFFSET $2 LIMIT $3`, params, name);
}
