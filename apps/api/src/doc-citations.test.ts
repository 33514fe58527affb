import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Code cites documents a reader can open in this repository (CONTRIBUTING.md, "Comments"):
 * docs/product.md by section, an ADR by number, docs/architecture.md by heading. A citation of a
 * document that is not here, or of a section, ADR or heading that does not exist, fails.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SKIP = new Set([
  'node_modules',
  'dist',
  'generated',
  'migrations',
  'data',
  'test-results',
  'artifacts',
]);
const CODE = /\.(ts|tsx|mts|mjs|js|cjs)$/;

function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) || entry.name.startsWith('.') ? [] : codeFiles(full);
    return CODE.test(entry.name) ? [full] : [];
  });
}

const files = [
  ...['apps', 'packages', 'scripts'].flatMap((dir) => codeFiles(path.join(root, dir))),
  ...readdirSync(root)
    .filter((name) => CODE.test(name))
    .map((name) => path.join(root, name)),
];

/** Every line of every code file matching `pattern`, as "file:line: text". */
function lines(pattern: RegExp): string[] {
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((text, index) =>
        pattern.test(text) ? [`${path.relative(root, file)}:${index + 1}: ${text.trim()}`] : [],
      ),
  );
}

function headings(document: string): string[] {
  return readFileSync(path.join(root, document), 'utf8')
    .split('\n')
    .flatMap((line) => /^#{2,4} (.+)$/.exec(line)?.[1] ?? []);
}

// Built from parts, so this file does not cite what it forbids.
const SECTION = '\u00a7';
const outside = [
  new RegExp(`\\b(spec|design|plan) ${SECTION}`, 'i'),
  new RegExp(`\\(${SECTION}\\d`),
  /\b(security |test )plan\b/i,
  /\bissues? #?\d/i,
];

describe('citations in code', () => {
  it('covers the code of every package', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(files.some((file) => file.endsWith(path.join('apps', 'web', 'src', 'app', 'router.tsx')))).toBe(
      true,
    );
  });

  it('never cite a document outside the repository or an issue number', () => {
    expect(outside.flatMap((pattern) => lines(pattern))).toEqual([]);
  });

  it('cite sections of docs/product.md that exist', () => {
    const sections = new Set(
      headings('docs/product.md').flatMap((title) => /^(\d+(?:\.\d+)?)\.? /.exec(title)?.[1] ?? []),
    );
    const cited = new RegExp(
      `docs/product\\.md((?:[ ,/\\u2013-]*(?:and )?${SECTION}\\d+(?:\\.\\d+)?)+)`,
      'g',
    );
    const missing = lines(/docs\/product\.md/).flatMap((line) =>
      [...line.matchAll(cited)].flatMap((match) =>
        [...match[1]!.matchAll(new RegExp(`${SECTION}(\\d+(?:\\.\\d+)?)`, 'g'))]
          .map((section) => section[1]!)
          .filter((section) => !sections.has(section))
          .map((section) => `${SECTION}${section} in ${line}`),
      ),
    );
    expect(sections.size).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });

  it('cite ADRs that exist', () => {
    const adrs = new Set(
      readdirSync(path.join(root, 'docs', 'decisions')).flatMap((name) => /^(\d{4})-/.exec(name)?.[1] ?? []),
    );
    const missing = lines(/\bADRs? \d/).flatMap((line) =>
      [...line.matchAll(/\bADRs? (\d+(?:(?:, | and )\d+)*)/g)].flatMap((match) =>
        match[1]!
          .split(/, | and /)
          .filter((number) => !adrs.has(number.padStart(4, '0')))
          .map((number) => `ADR ${number} in ${line}`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it('link ADR files that exist', () => {
    const names = new Set(readdirSync(path.join(root, 'docs', 'decisions')));
    const missing = lines(/docs\/decisions\/\d{4}-/).flatMap((line) =>
      [...line.matchAll(/docs\/decisions\/(\d{4}-[\w.-]+?\.md)/g)]
        .map((match) => match[1]!)
        .filter((name) => !names.has(name))
        .map((name) => `${name} in ${line}`),
    );
    expect(missing).toEqual([]);
  });

  it('cite headings of docs/architecture.md, CONTRIBUTING.md and README.md that exist', () => {
    const documents = ['docs/architecture.md', 'CONTRIBUTING.md', 'README.md'];
    const titles = new Map(documents.map((document) => [document, new Set(headings(document))]));
    const cited = /(docs\/architecture\.md|CONTRIBUTING\.md|README\.md), "([^"]+)"/g;
    const missing = lines(/(architecture|CONTRIBUTING|README)\.md, "/).flatMap((line) =>
      [...line.matchAll(cited)]
        .filter((match) => !titles.get(match[1]!)!.has(match[2]!))
        .map((match) => `${match[1]}, "${match[2]}" in ${line}`),
    );
    expect(missing).toEqual([]);
  });
});
