import { configureSurveyClient } from '@acompanha/api-client';

// Imported for this side effect by every module that calls the API (the survey's flow, the client area): the
// calls carry the survey token of the link (passed per call), never a professional's session. Not at start-up:
// the PIN screen makes no call.
configureSurveyClient({ getToken: () => undefined });
