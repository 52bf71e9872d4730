import { PolicyActivator, PolicyActivators, substitutePolicyId } from './policy-activators';

describe('substitutePolicyId', () => {
  it('replaces policyID in the query string only', () => {
    expect(substitutePolicyId('https://shop.example/policyID/done?policy=policyID&x=1#policyID', 42)).toBe('https://shop.example/policyID/done?policy=42&x=1#policyID');
    expect(substitutePolicyId('https://shop.example/done', 42)).toBe('https://shop.example/done');
  });
});

describe('PolicyActivators', () => {
  it('answers the activator of a product type and refuses a second or a missing one', () => {
    const registry = new PolicyActivators();
    const motor = {} as PolicyActivator;
    registry.register('motor', motor);
    expect(registry.get('motor')).toBe(motor);
    expect(() => registry.register('motor', motor)).toThrow(/already/);
    expect(() => registry.get('property')).toThrow(/No policy activator/);
  });
});
