// Unpacks an uploaded zip into a fresh temporary folder, refusing what could escape it or exhaust
// the disk: entry names that are absolute, hold '..', backslashes or drive letters (zip-slip),
// symlinks, more than `maxFiles` entries, or more than `maxBytes` unpacked in total (counted from
// the bytes actually inflated, not only the sizes the archive claims: yauzl checks those too).
// Only regular files and folders are written; the caller removes the folder (`cleanup`).
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';

export type UnzipProblem = 'invalid' | 'unsafe' | 'too-big' | 'too-many-files';

export class UnzipError extends Error {
  constructor(readonly problem: UnzipProblem, readonly entry = '') {
    super(`${problem}${entry ? `: ${entry}` : ''}`);
    this.name = 'UnzipError';
  }
}

export interface UnzipLimits { maxBytes: number; maxFiles: number }
export interface Unzipped { dir: string; files: string[]; cleanup(): Promise<void> }

/** A relative, forward-slash name with no '..', '.', drive letter or control character. */
export function isSafeEntryName(name: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (name === '' || name.startsWith('/') || name.includes('\\') || /^[a-zA-Z]:/.test(name) || /[\u0000-\u001f]/.test(name)) return false;
  const parts = name.replace(/\/$/, '').split('/');
  return parts.every((p) => p !== '' && p !== '.' && p !== '..');
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((ok, fail) => {
    // decodeStrings off: names are checked here (yauzl's own check would only say "invalid").
    yauzl.open(path, { lazyEntries: true, autoClose: true, decodeStrings: false, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) fail(new UnzipError('invalid'));
      else ok(zip);
    });
  });
}

function entryStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((ok, fail) => {
    zip.openReadStream(entry, (err, stream) => (err || !stream ? fail(new UnzipError('invalid', entry.fileName.toString())) : ok(stream)));
  });
}

/** A stream that fails once more than `budget.left` bytes pass through it. */
function counter(budget: { left: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      budget.left -= chunk.length;
      done(budget.left < 0 ? new UnzipError('too-big') : null, chunk);
    },
  });
}

async function writeEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, dir: string, name: string, budget: { left: number }): Promise<boolean> {
  const target = resolve(dir, name);
  if (!target.startsWith(dir + sep)) throw new UnzipError('unsafe', name);
  if (name.endsWith('/')) {
    await mkdir(target, { recursive: true });
    return false;
  }
  if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) throw new UnzipError('unsafe', name);
  await mkdir(dirname(target), { recursive: true });
  await pipeline(await entryStream(zip, entry), counter(budget), createWriteStream(target, { flags: 'wx' }));
  return true;
}

/** Unpacks `zipPath`; throws UnzipError (the folder is removed again) when the archive is refused. */
export async function safeUnzip(zipPath: string, limits: UnzipLimits): Promise<Unzipped> {
  const dir = await mkdtemp(join(tmpdir(), 'epot-zip-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  const files: string[] = [];
  const budget = { left: limits.maxBytes };
  let zip: yauzl.ZipFile | undefined;
  try {
    zip = await openZip(zipPath);
    if (zip.entryCount > limits.maxFiles) throw new UnzipError('too-many-files');
    const z = zip;
    await new Promise<void>((ok, fail) => {
      z.on('error', (err: Error) => fail(err instanceof UnzipError ? err : new UnzipError('invalid')));
      z.on('end', () => ok());
      z.on('entry', (entry: yauzl.Entry) => {
        const name = Buffer.isBuffer(entry.fileName) ? entry.fileName.toString('utf8') : entry.fileName;
        if (!isSafeEntryName(name)) return fail(new UnzipError('unsafe', name));
        if (entry.uncompressedSize > budget.left) return fail(new UnzipError('too-big'));
        writeEntry(z, entry, dir, name, budget).then((isFile) => {
          if (isFile) files.push(name);
          z.readEntry();
        }, (err: unknown) => fail(err instanceof UnzipError ? err : new UnzipError('invalid', name)));
      });
      z.readEntry();
    });
    return { dir, files, cleanup };
  } catch (err) {
    zip?.close();
    await cleanup();
    throw err;
  }
}
