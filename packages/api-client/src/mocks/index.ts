export * from './fixtures';
export * from './handlers';
export * from './questions';
export * from './quizzes';
