export * from './ToastRegion';
export * from './toastQueue';
