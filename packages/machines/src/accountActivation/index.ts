export * from './accountActivation.machine';
export * from './accountActivation.rules';
export type * from './accountActivation.types';
