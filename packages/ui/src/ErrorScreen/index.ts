export * from './ErrorScreen';
