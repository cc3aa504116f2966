export * from './FileUploadAnswer';
