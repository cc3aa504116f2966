export * from './flow';
export * from './surveyFlow.types';
export * from './surveyFlow.logic';
export * from './surveyFlow.machine';
