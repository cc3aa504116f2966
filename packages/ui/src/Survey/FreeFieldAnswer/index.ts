export * from './FreeFieldAnswer';
