import { messages } from '@portal/shared/messages';
// JSON named exports are tree-shaken: only these sections of en.json join the first bundle. The
// whole catalogue is loaded with any other page (i18n.ts, `loadEnglish`).
import { app, auth, common, fields, preferences, routeError } from './en.json';

/** The English the sign-in page (and the app shell around it) shows. */
export const firstPageEnglish = { app, auth, common, fields, preferences, routeError, messages };
