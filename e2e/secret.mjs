// The signing key of the throw-away e2e server only, so a journey can mint an already-expired token.
export const E2E_JWT_SECRET = 'e2e-only-signing-key-not-used-anywhere-else-0123456789';
