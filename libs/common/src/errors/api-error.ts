import { ErrorCodeName, ErrorCodes } from './error-codes';

export type ErrorDetails = Record<string, string[]>;

/** The one exception type the service throws on purpose; rendered by the HTTP error layer. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(
    readonly kind: ErrorCodeName,
    message?: string,
    readonly details?: ErrorDetails,
    readonly headers: Record<string, string> = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message ?? ErrorCodes[kind].message);
    this.name = 'ApiError';
    this.status = ErrorCodes[kind].status;
    this.code = ErrorCodes[kind].code;
  }

  static validation(details: ErrorDetails): ApiError {
    return new ApiError('VALIDATION_FAILED', summarise(details), details);
  }

  static field(field: string, message: string): ApiError {
    return ApiError.validation({ [field]: [message] });
  }

  static notFound(what = 'Not found.'): ApiError {
    return new ApiError('NOT_FOUND', what);
  }
}

/** "The x field is required. (and 2 more errors)", the real service's summary style. */
function summarise(details: ErrorDetails): string {
  const messages = Object.values(details).flat();
  if (messages.length === 0) return ErrorCodes.VALIDATION_FAILED.message;
  const rest = messages.length - 1;
  return rest === 0 ? messages[0] : `${messages[0]} (and ${rest} more error${rest === 1 ? '' : 's'})`;
}
