/**
 * The web app's `zod` (vite.config.ts resolves the bare specifier here). zod compiles object
 * parsers with `new Function` unless it runs "jitless"; under the portal's CSP (script-src 'self',
 * no 'unsafe-eval') even its probe for that is reported as a violation. zod reads the setting
 * while building each schema, and every module that builds one imports `zod`, so this module's
 * body runs first: the setting is made through zod's own `config`, and only on pages that load
 * zod at all (the sign-in page does not). zod-jitless.test.ts checks that zod sees it.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
export { z as default } from 'zod/v4';
