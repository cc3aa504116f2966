// The signing key of the throw-away e2e server only, so a journey can mint an already-expired token.
export const E2E_JWT_SECRET = 'e2e-only-signing-key-not-used-anywhere-else-0123456789';
// The operator credential of that server's dev mailbox (X-Operator-Token), set as an operator would set OPERATOR_TOKEN.
export const E2E_OPERATOR_TOKEN = 'e2e-only-operator-token-0123456789';
export const operatorHeaders = { 'x-operator-token': E2E_OPERATOR_TOKEN };
// WhatsApp's webhook on that server: the handshake token and the app secret a journey signs statuses with.
export const E2E_WHATSAPP_VERIFY_TOKEN = 'e2e-only-whatsapp-verify-token';
export const E2E_WHATSAPP_APP_SECRET = 'e2e-only-whatsapp-app-secret-0123456789';
