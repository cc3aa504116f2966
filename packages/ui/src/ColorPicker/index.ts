export * from './ColorPicker';
