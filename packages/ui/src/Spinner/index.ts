export * from './Spinner';
export * from './FullScreenSpinner';
