#!/usr/bin/env node
/**
 * Writes .br and .gz next to every compressible file of a build (node scripts/compress-assets.mjs
 * <dir>), so the server sends compressed assets without compressing them on each request
 * (@fastify/static `preCompressed`).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

const root = path.resolve(process.argv[2] ?? 'dist');
let count = 0;
for (const file of files(root)) {
  if (!COMPRESSIBLE.test(file)) continue;
  const bytes = readFileSync(file);
  if (bytes.length < MIN_BYTES) continue;
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
  );
  count++;
}
console.log(`compressed ${count} files in ${path.relative(process.cwd(), root) || '.'}`);
