import { StandardSchemaValidationPipe } from '@nestjs/common';
import { validationError } from '@lib/common';

/**
 * Validates every `@Body({ schema })`, `@Query({ schema })` and `@Param(..., { schema })` argument
 * and answers 422 naming every failing field.
 */
export function createValidationPipe(): StandardSchemaValidationPipe {
  return new StandardSchemaValidationPipe({ exceptionFactory: (issues) => validationError(issues) });
}
