export * from './Menu';
