import { STATUS_CODES } from 'node:http';
import { ApiError } from './api-error';

/** The JSON body of every error response (the real service's shape plus RFC 9457 members). */
export interface ErrorBody {
  code: string;
  message: string;
  details?: Record<string, string[]>;
  retry_after_seconds?: number;
  type: string;
  title: string;
  status: number;
  [extra: string]: unknown;
}

export function errorBody(err: ApiError): ErrorBody {
  return {
    code: err.code,
    message: err.message,
    ...(err.details ? { details: err.details } : {}),
    ...err.extra,
    type: 'about:blank',
    title: STATUS_CODES[err.status] ?? 'Error',
    status: err.status,
  };
}
