export * from './PinInput';
