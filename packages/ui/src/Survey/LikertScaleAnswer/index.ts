export * from './LikertScaleAnswer';
