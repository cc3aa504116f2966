export * from './quizFlowchart.machine';
