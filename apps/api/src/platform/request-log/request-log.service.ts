import { Injectable } from '@nestjs/common';
import { ApiError, formatDateTime, PageRequest, z } from '@lib/common';
import { requestLogIdTime } from './request-log-id';
import { RequestLogFilter, RequestLogListRow, RequestLogRepository, RequestLogRow } from './request-log.repository';
import { RequestLogDetailOut, RequestLogEntryOut, requestsQuery } from './request-log.response';

/** A partner's own request log, as the portal reads it: another client's row is never found. */
@Injectable()
export class RequestLogReader {
  constructor(private readonly repository: RequestLogRepository) {}

  async list(clientId: string, q: z.output<typeof requestsQuery>): Promise<{ rows: RequestLogEntryOut[]; total: number }> {
    const filter: RequestLogFilter = {
      requestId: q.request_id,
      route: q.route,
      from: q.from ? new Date(q.from) : undefined,
      to: q.to ? new Date(q.to) : undefined,
    };
    if (q.status === '4xx' || q.status === '5xx') filter.statusClass = q.status === '4xx' ? 4 : 5;
    else if (q.status !== undefined) filter.status = Number(q.status);
    const page: PageRequest = q;
    const { rows, total } = await this.repository.list(clientId, filter, { offset: (page.page - 1) * page.per_page, limit: page.per_page });
    return { rows: rows.map(present), total };
  }

  async show(clientId: string, id: string): Promise<RequestLogDetailOut> {
    const at = requestLogIdTime(id);
    const row = at && (await this.repository.find(clientId, id, at));
    if (!row) throw ApiError.notFound('No request of yours with this id.');
    return { ...present(row), request_body: row.requestBody, response_body: row.responseBody };
  }
}

function present(r: RequestLogListRow | RequestLogRow): RequestLogEntryOut {
  return {
    id: r.id,
    created_at: formatDateTime(new Date(r.createdAt)),
    method: r.method,
    route: r.route,
    path: r.path,
    status: Number(r.status),
    latency_ms: Number(r.latencyMs),
    request_id: r.requestId,
    idempotency_key: r.idempotencyKey,
    error_body: r.errorBody,
  };
}
