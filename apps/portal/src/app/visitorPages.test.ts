import { describe, expect, it } from 'vitest';
import { VISITOR_PATHS, visitorPageAt } from './visitorPages';

describe('visitorPageAt', () => {
  it("names the visitor's page of each address, with or without a trailing slash", () => {
    expect(visitorPageAt('/login')).toBe('login');
    expect(visitorPageAt('/login/')).toBe('login');
    expect(visitorPageAt('/account-error')).toBe('login');
    expect(visitorPageAt('/auth/forgot-password')).toBe('recovery');
    expect(visitorPageAt('/auth/registration')).toBe('registration');
    expect(visitorPageAt('/auth/verify-email')).toBe('verifyEmail');
  });

  it('leaves every other address to the full portal', () => {
    for (const path of ['/', '/clients', '/privacy-policy', '/login/extra', '/LOGIN']) {
      expect(visitorPageAt(path), path).toBeNull();
    }
  });

  it('lists each address once', () => {
    expect(new Set(VISITOR_PATHS).size).toBe(VISITOR_PATHS.length);
    expect(VISITOR_PATHS).toContain('/login');
  });
});
