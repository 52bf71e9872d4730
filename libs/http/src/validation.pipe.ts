import { ArgumentMetadata, StandardSchemaValidationPipe } from '@nestjs/common';
import { assertCleanInput, validationError } from '@lib/common';

/**
 * The global pipe: every `@Body()`, `@Query()` and `@Param()` argument, with or without a schema, is first
 * checked for characters no text may hold (NUL and other controls, unpaired surrogates) and for absurd nesting,
 * then validated by its `{ schema }`; either way a 422 names every failing field. Custom decorators (the
 * partner, uploads) are left alone: their text is checked where it is read.
 */
class ApiValidationPipe extends StandardSchemaValidationPipe {
  override async transform<T = unknown>(value: T, metadata: ArgumentMetadata): Promise<T> {
    if (metadata.type !== 'custom') assertCleanInput(value, metadata.data ? [metadata.data] : []);
    return super.transform(value, metadata);
  }
}

export function createValidationPipe(): StandardSchemaValidationPipe {
  return new ApiValidationPipe({ exceptionFactory: (issues) => validationError(issues) });
}
