// The README stays short and its folder map stays true: every path the map names exists, and every
// top-level folder (git-ignored and dot folders aside), every folder directly under src/ and every
// feature under src/features/ is named in it. The map is the fenced block under `## Folder map`,
// one folder a line, the path first; the `src/features/` line lists the features, comma-separated.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const MAX_README_LINES = 200;

interface MapLine { path: string; what: string }

/** The lines of the fenced block under `## Folder map`, split into path and description. */
function folderMap(markdown: string): MapLine[] {
  const section = markdown.split(/^## Folder map[ \t]*$/m)[1]?.split(/^## /m)[0];
  const block = section?.match(/^```[^\n]*\n([\s\S]*?)^```/m)?.[1];
  if (!block) throw new Error('README.md: no fenced code block under "## Folder map"');
  return block.split('\n').filter((l) => l.trim() !== '').map((l) => {
    const [, path = '', what = ''] = l.trim().match(/^(\S+)\s*(.*)$/) ?? [];
    return { path, what };
  });
}

const isDir = (rel: string) => existsSync(join(root, rel)) && statSync(join(root, rel)).isDirectory();

/** Folders git would track: it ignores dot folders, the ones .gitignore names, and empty ones. */
function hasFiles(rel: string): boolean {
  return readdirSync(join(root, rel), { withFileTypes: true })
    .some((e) => e.isFile() || (e.isDirectory() && hasFiles(join(rel, e.name))));
}
const ignoredTopLevel = new Set(readFileSync(join(root, '.gitignore'), 'utf8').split('\n')
  .map((l) => l.trim().replace(/^\//, '').replace(/\/$/, ''))
  .filter((l) => l !== '' && !l.startsWith('#') && !/[*?[/!]/.test(l)));
const subfolders = (rel: string) => readdirSync(join(root, rel), { withFileTypes: true })
  .filter((e) => e.isDirectory() && !e.name.startsWith('.') && hasFiles(join(rel, e.name)))
  .map((e) => e.name).sort();

const map = folderMap(readme);
const paths = map.map((l) => l.path);
const features = (map.find((l) => l.path === 'src/features/')?.what ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const placeholder = /<[^>]+>/;

const topLevel = subfolders('.').filter((name) => !ignoredTopLevel.has(name));
const namedTopLevel = new Set(paths.map((p) => p.split('/')[0]));
const namedInSrc = new Set(paths.filter((p) => p.startsWith('src/')).map((p) => p.split('/')[1]));

describe('README.md', () => {
  it(`has at most ${MAX_README_LINES} lines`, () => {
    const lines = readme.endsWith('\n') ? readme.split('\n').length - 1 : readme.split('\n').length;
    expect(lines).toBeLessThanOrEqual(MAX_README_LINES);
  });

  it('has a folder map whose lines start with a folder path ending in /', () => {
    expect(paths.length).toBeGreaterThan(0);
    for (const p of paths) expect(p, p).toMatch(/^[a-z0-9_<>.-]+(\/[a-z0-9_<>.-]+)*\/$/i);
    expect(features.length, 'the src/features/ line lists the features').toBeGreaterThan(0);
  });
});

describe('every folder the README map names exists', () => {
  it.each(paths.filter((p) => !placeholder.test(p)))('%s', (p) => {
    expect(isDir(p), `${p} is named in the README's folder map but is not a folder`).toBe(true);
  });

  it.each(features.map((f) => `src/features/${f}/`))('%s', (p) => {
    expect(isDir(p), `${p} is listed on the map's src/features/ line but is not a folder`).toBe(true);
  });

  // e.g. `workers/<name>/   contract.ts · <name>.worker.ts · <name>.ts`: every folder there (but the
  // shared `_` ones) holds the files the line names, with <name> the folder's name.
  it.each(map.filter((l) => placeholder.test(l.path)))('$path', ({ path, what }) => {
    const parent = path.slice(0, path.search(placeholder));
    expect(isDir(parent), `${parent} is not a folder`).toBe(true);
    const folders = subfolders(parent).filter((n) => !n.startsWith('_'));
    expect(folders.length, `${parent} has no folders`).toBeGreaterThan(0);
    const files = what.split(/[\s·,;()]+/).filter((t) => /^[\w<>.-]+\.[a-z]+$/i.test(t));
    for (const name of folders) {
      for (const file of files) {
        const rel = join(parent, name, file.replace(placeholder, name));
        expect(existsSync(join(root, rel)), `${rel} (README folder map: ${path} ${file})`).toBe(true);
      }
    }
  });
});

describe('the README map names', () => {
  it.each(topLevel)('top-level folder %s/', (name) => {
    expect(namedTopLevel.has(name), `${name}/ is a top-level folder but the README's folder map does not name it`).toBe(true);
  });

  it.each(subfolders('src'))('src/%s/', (name) => {
    expect(namedInSrc.has(name), `src/${name}/ exists but the README's folder map does not name it`).toBe(true);
  });

  it.each(subfolders('src/features'))('src/features/%s/', (name) => {
    expect(features, `src/features/${name}/ exists but the map's src/features/ line does not list it`).toContain(name);
  });
});
