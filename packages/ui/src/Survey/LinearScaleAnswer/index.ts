export * from './LinearScaleAnswer';
