export * from './bulkSchedule.machine';
export * from './recurrence';
