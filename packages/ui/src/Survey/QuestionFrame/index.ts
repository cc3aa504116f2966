export * from './QuestionFrame';
