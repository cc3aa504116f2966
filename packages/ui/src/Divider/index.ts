export * from './Divider';
