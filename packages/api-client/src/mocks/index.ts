export * from './fixtures';
export * from './handlers';
export * from './questions';
export * from './quizzes';
export * from './patients';
export * from './practice';
export * from './scheduling';
export * from './survey';
