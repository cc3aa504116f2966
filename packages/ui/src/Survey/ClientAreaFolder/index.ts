export * from './ClientAreaFolder';
