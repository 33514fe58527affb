import { config } from 'zod/v4/core';

/**
 * zod compiles object parsers with `new Function` unless it runs "jitless"; under the portal's
 * CSP (script-src 'self', no 'unsafe-eval') even its probe for that is reported as a violation.
 * zod reads the setting while building each schema, so this module is imported first, before any
 * schema module loads; it pulls in only zod's small core module, not its schemas.
 * zod-jitless.test.ts checks that zod sees it.
 */
config({ jitless: true });
