export * from './MultipleChoiceAnswer';
