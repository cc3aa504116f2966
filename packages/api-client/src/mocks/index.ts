export * from './fixtures';
export * from './handlers';
export * from './questions';
export * from './quizzes';
export * from './patients';
export * from './practice';
export * from './scheduling';
export * from './survey';
export * from './answers';
export { pageOf, patientPageOf, PATIENT_SEARCH_TOTAL_CAP } from './respond';
export {
  ANSWER_QUESTION_IDS,
  MARIANA_INITIAL_REVISION_ID,
  MARIANA_LATEST_REVISION_ID,
  MARIANA_PREVIOUS_REVISION_ID,
} from './answer-fixtures';
export { answerRevisionsState, resetAnswersState } from './answer-state';
export { statusReportFixture } from './answer-reports';
export {
  DEFAULT_TEMPLATE_MESSAGE_FIXTURE,
  marianaInitialScheduleFixture,
  marianaWeeklyScheduleFixture,
  schedulingExtraPatientFixtures,
  schedulingPatientFixtures,
  schedulingQuizFixtures,
  schedulingScheduleFixtures,
} from './scheduling-fixtures';
export { resetSchedulingState, schedulingSchedules, setBulkStatusFixture } from './scheduling-state';
export * from './survey-fixtures';
export * from './practice-fixtures';
export * from './notifications';
export * from './webhooks';
export * from './subscription';
export * from './client-area';
export * from './messaging';
export * from './access';
export * from './data-export';
