export * from './theme';
export * from './utils/br';
export * from './Icon';
export * from './VisuallyHidden';
export * from './Spinner';
export * from './Button';
export * from './IconButton';
export * from './Toast';
