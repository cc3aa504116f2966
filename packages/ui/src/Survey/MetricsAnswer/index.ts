export * from './MetricsAnswer';
