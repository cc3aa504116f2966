export * from './DocumentField';
