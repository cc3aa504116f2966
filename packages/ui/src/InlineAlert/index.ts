export * from './InlineAlert';
