export * from './quizFlowchart';
