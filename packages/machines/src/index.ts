export * from './quizFlowchart';
export * from './bulkSchedule';
export * from './surveyFlow';
export * from './accountActivation';
