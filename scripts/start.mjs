#!/usr/bin/env node
/**
 * `npm start`: builds what changed (nothing, on a second start), then runs the server in this
 * process — one Node start instead of a chain of npm scripts (ADR 43).
 */
import { buildApi } from './build-api.mjs';
import { buildWeb } from './build-web.mjs';

buildApi();
buildWeb();
await import('../apps/api/dist/server.js');
