/**
 * The stand-in's refusals, in Asaas's error shape: `{ errors: [{ code, description }] }` with 400, 401 or
 * 404 (https://docs.asaas.com/docs/códigos-http-das-respostas; examples in ../gateway/fixtures/error-*.json).
 */
export interface AsaasErrorItem {
  code: string;
  description: string;
}

export class AsaasError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errors: AsaasErrorItem[],
  ) {
    super(errors[0]?.description ?? 'Erro.');
  }

  body(): { errors: AsaasErrorItem[] } {
    return { errors: this.errors };
  }
}

/** 400 `invalid_<field>`, as Asaas names a field's validation error. */
export const invalid = (field: string, description: string) =>
  new AsaasError(400, [{ code: `invalid_${field}`, description }]);

export const notFound = () =>
  new AsaasError(404, [{ code: 'not_found', description: 'O recurso solicitado não foi encontrado.' }]);

/** As recorded from the sandbox for its refused test cards (fixtures/error-card-refused-sandbox.json). */
export const refusedSandbox = () =>
  new AsaasError(400, [
    {
      code: 'invalid_action',
      description: 'Transação não autorizada. Verifique os dados do cartão de crédito e tente novamente.',
    },
  ]);

/** As documented for a refused card (fixtures/error-card-refused.json). */
export const cardRefused = (
  description = 'Transação não autorizada. Verifique os dados do cartão de crédito e tente novamente.',
) => new AsaasError(400, [{ code: 'invalid_creditCard', description }]);

export const unauthorized = () =>
  new AsaasError(401, [{ code: 'invalid_access_token', description: 'A chave de API fornecida é inválida.' }]);
