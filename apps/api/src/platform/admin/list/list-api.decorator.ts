import { applyDecorators, UseInterceptors } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiQuery } from '@nestjs/swagger';
import { z } from '@lib/common';
import { serializeWith, shapeRef } from '../../openapi/responds.decorator';
import { CsvExportInterceptor } from './csv-export.interceptor';
import { MAX_RANGE } from './list-query';

export const LIST_CONVENTION =
  `Admin lists follow react-admin's simple REST convention: \`sort=["field","ASC"|"DESC"]\`, \`range=[first,last]\` ` +
  `(inclusive, at most ${MAX_RANGE} rows, default [0,24]) and \`filter={...}\` as JSON query parameters; the answer is a JSON array ` +
  'with `Content-Range: <resource> <first>-<last>/<total>`. Bad parameters answer 422 naming `sort`, `range` or `filter.<key>`. ' +
  '`format=csv` answers every row the filter matches instead, in the sort, as a CSV download streamed page by page (no `range`, no size limit).';

/**
 * Documents a list route's query parameters and Content-Range once for every resource, and serves its CSV export.
 * `row` is the named shape of one row: the answer is documented and serialized as an array of it.
 */
export function ApiList(resource: string, sortable: readonly string[], filters: string, row?: z.ZodType) {
  return applyDecorators(
    UseInterceptors(CsvExportInterceptor),
    ApiQuery({
      name: 'format',
      required: false,
      enum: ['csv'],
      description: 'csv: every matching row as a streamed CSV download (UTF-8 with BOM, CRLF), `range` ignored.',
    }),
    ApiProduces('application/json', 'text/csv'),
    ApiQuery({
      name: 'sort',
      required: false,
      description: `JSON \`["field","ASC"|"DESC"]\`; fields: ${sortable.join(', ')}.`,
      example: `["${sortable[0]}","ASC"]`,
    }),
    ApiQuery({ name: 'range', required: false, description: `JSON \`[first,last]\`, inclusive, at most ${MAX_RANGE} rows.`, example: '[0,24]' }),
    ApiQuery({ name: 'filter', required: false, description: `JSON object. Keys: ${filters}.`, example: '{}' }),
    ApiOkResponse({
      description: `A JSON array of ${resource}.`,
      headers: { 'Content-Range': { description: `\`${resource} 0-24/319\``, schema: { type: 'string' } } },
      ...(row ? { schema: { type: 'array', items: shapeRef(row) } } : {}),
    }),
    ...(row ? [serializeWith(200, z.array(row))] : []),
  );
}
