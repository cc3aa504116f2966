export * from './gen/types.gen';
export * from './gen/sdk.gen';
export * from './gen/@tanstack/react-query.gen';
export { client } from './gen/client.gen';
export * from './errors';
export * from './limits.gen';
export type { OperationId, QueryOperationId } from './operations';
export * from './store';
export {
  configureApiClient,
  configureSurveyClient,
  handled,
  type ApiClientOptions,
  type RequestMeta,
  type SurveyClientOptions,
} from './configure';
export { putSignedFile } from './upload';
