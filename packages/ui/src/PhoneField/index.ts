export * from './PhoneField';
