export { FileDropZone, validateFile, formatFileSize, describeFileTypes } from './FileDropZone';
export type { FileDropZoneProps, FileUpload, FileRejection, FileValidationOptions } from './FileDropZone';
