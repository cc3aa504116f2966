import type * as sdk from './gen/sdk.gen';
import type * as queries from './gen/@tanstack/react-query.gen';

/** Every API operation, by the `operationId` the OpenAPI document gives it (one SDK function each). */
export type OperationId = {
  [K in keyof typeof sdk]: (typeof sdk)[K] extends (...args: never[]) => unknown ? K : never;
}[keyof typeof sdk];

/**
 * The operations whose answers are cached as queries (the reads): the generated `…QueryKey` helpers name
 * them. A cached query's key starts with `{ _id: operationId }`.
 */
export type QueryOperationId = {
  [K in keyof typeof queries]: K extends `${infer Op}QueryKey` ? Op : never;
}[keyof typeof queries];
