export * from './TopBar';
