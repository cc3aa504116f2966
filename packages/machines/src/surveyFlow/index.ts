export * from './flow';
export * from './surveyFlow.types';
export * from './surveyFlow.start';
export * from './surveyFlow.logic';
export * from './surveyFlow.machine';
