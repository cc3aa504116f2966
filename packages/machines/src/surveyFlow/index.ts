export * from './flow';
export * from './surveyFlow.machine';
