export * from './bulkSchedule.types';
export * from './selection';
export * from './bulkSchedule.machine';
export * from './recurrence';
