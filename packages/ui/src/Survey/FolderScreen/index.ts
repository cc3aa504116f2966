export * from './FolderScreen';
