export * from './Dialog';
export * from './Modal';
