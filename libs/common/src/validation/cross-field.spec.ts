import { z } from 'zod';
import { crossFieldRules } from './cross-field';

const schema = z
  .strictObject({
    email: z.email(),
    start: z.number(),
    end: z.number(),
    inner: z.strictObject({ a: z.number(), b: z.number() }).superRefine(
      ...crossFieldRules<{ a: number; b: number }>((v, ctx, fine) => {
        if (fine('a', 'b') && v.a > v.b) ctx.addIssue({ code: 'custom', path: ['b'], message: 'b before a' });
      }),
    ),
  })
  .superRefine(
    ...crossFieldRules<{ email: string; start: number; end: number }>((v, ctx, fine) => {
      if (fine('start', 'end') && v.end < v.start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'The end must not be before the start.' });
    }),
  );
const failing = (value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.path.join('.')).sort();
};

describe('crossFieldRules', () => {
  it('runs the rules beside another field failing, on the fields that parsed', () => {
    expect(failing({ email: 'bad', start: 2, end: 1, inner: { a: 1, b: 2 } })).toEqual(['email', 'end']);
    expect(failing({ email: 'a@b.co', start: 2, end: 1, inner: { a: 3, b: 2 } })).toEqual(['end', 'inner.b']);
  });

  it('leaves a rule alone when a field it reads failed', () => {
    expect(failing({ email: 'bad', start: 'x', end: 1, inner: { a: 3, b: 'y' } })).toEqual(['email', 'inner.b', 'start']);
    expect(failing({ email: 'a@b.co', start: 1, end: 2, inner: { a: 1, b: 2 } })).toEqual([]);
    expect(failing('nope')).toEqual(['']);
  });

  it('runs no rule on a value that is not an object of fields (an array body, a string)', () => {
    const listRule = z.strictObject({ items: z.array(z.number()) }).superRefine(
      ...crossFieldRules<{ items: number[] }>((v, ctx, fine) => {
        if (fine('items') && v.items.map((n) => n).length > 3) ctx.addIssue({ code: 'custom', path: ['items'], message: 'too many' });
      }),
    );
    for (const value of [[], [{ items: [1] }], 'text', 42]) {
      const r = listRule.safeParse(value);
      expect(r.success).toBe(false);
      expect(r.error!.issues.map((i) => i.path.join('.'))).toEqual(['']);
    }
  });
});
