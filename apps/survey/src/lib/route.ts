/** `/quiz-survey/:quizScheduleId` → the id; `null` for any other address (the API checks the id itself). */
export function quizScheduleIdFromPath(pathname: string): string | null {
  const match = /^\/quiz-survey\/([0-9a-fA-F-]{8,64})\/?$/.exec(pathname);
  return match ? match[1]! : null;
}
