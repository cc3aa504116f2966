export * from './Spinner';
export * from './SpinnerIcon';
export * from './FullScreenSpinner';
