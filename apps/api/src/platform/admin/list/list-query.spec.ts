import { z } from '@lib/common';
import { listQuerySchema, orderBy } from './list-query';

const schema = listQuerySchema({
  sortable: ['name', 'created_at'],
  defaultSort: ['created_at', 'DESC'],
  filter: z.strictObject({ q: z.string().optional(), active: z.boolean().optional() }),
});

const issues = (input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('listQuerySchema', () => {
  it('defaults to the first 25 rows in the default order', () => {
    expect(schema.parse({})).toEqual({ sort: { field: 'created_at', order: 'DESC' }, skip: 0, take: 25, filter: {} });
  });

  it('parses the ra-data-simple-rest parameters', () => {
    expect(schema.parse({ sort: '["name","ASC"]', range: '[10,19]', filter: '{"q":"acme","active":true}' })).toEqual({
      sort: { field: 'name', order: 'ASC' },
      skip: 10,
      take: 10,
      filter: { q: 'acme', active: true },
    });
  });

  it('names the bad parameter', () => {
    expect(issues({ sort: '["secret_hash","ASC"]' })).toEqual(['sort.0: The sort field must be one of: name, created_at.']);
    expect(issues({ sort: '["name","UP"]' })).toEqual(['sort.1: The sort order must be ASC or DESC.']);
    expect(issues({ range: '[5,1]' })).toEqual(['range: The range must end at or after its start.']);
    expect(issues({ range: '[0,1000]' })).toEqual(['range: The range may cover at most 100 rows.']);
    expect(issues({ range: 'zero' })).toEqual(['range: The range must be JSON, e.g. [0,24].']);
    expect(issues({ filter: '{"owner":"x"}' })).toEqual(['filter: Unknown field: owner.']);
    expect(issues({ page: '2' })).toEqual([': Unknown field: page.']);
  });

  it('orders with the id as tie-breaker', () => {
    expect(orderBy({ field: 'created_at', order: 'DESC' }, { created_at: 'createdAt' })).toEqual([{ createdAt: 'desc' }, { id: 'desc' }]);
    expect(orderBy({ field: 'id', order: 'ASC' }, {})).toEqual([{ id: 'asc' }]);
  });
});
