/**
 * zod compiles object parsers with `new Function` unless it runs "jitless"; under the portal's
 * CSP (script-src 'self', no 'unsafe-eval') even its probe for that is reported as a violation.
 * zod keeps its configuration (what `z.config()` sets) in this global and reads it while building
 * each schema, so it is set first thing, before any schema module loads, without loading zod
 * itself into the first bundle. zod-jitless.test.ts checks that zod sees it.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
