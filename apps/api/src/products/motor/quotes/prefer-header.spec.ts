import { prefersAsync } from './prefer-header';

describe('prefersAsync', () => {
  it('finds respond-async among other preferences, in any case, and nothing else', () => {
    expect(prefersAsync('respond-async')).toBe(true);
    expect(prefersAsync('return=minimal, Respond-Async ; x=1')).toBe(true);
    expect(prefersAsync(['wait=10', 'respond-async'])).toBe(true);
    expect(prefersAsync('respond-asynchronously')).toBe(false);
    expect(prefersAsync('return=representation')).toBe(false);
    expect(prefersAsync(undefined)).toBe(false);
  });
});
