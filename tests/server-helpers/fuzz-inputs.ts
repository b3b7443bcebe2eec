// Bad input for the HTTP fuzzer: the hostile values (strings, numbers, ids, JSON texts, tokens),
// fast-check arbitraries that follow a route's JSON schema but mutate it (wrong types, missing and
// extra fields, hostile leaves), and a fixed corpus so every category reaches every route on every
// run, whatever the random seed.
import fc from 'fast-check';
import { encodeComponent, sampleFromSchema, type JsonSchema, type RouteInfo, type SampleContext } from './route-table.ts';

export const HUGE = 'A'.repeat(100 * 1024);
export const EVIL_STRINGS = [
  '', ' ', HUGE, '\u0000', 'a\u0000b', 'x\u0001\u001f\u007f', '\u202Eevil\u202C', 'مرحبا بالعالم', '👩‍💻🇮🇩', '\ud800', 'x\udfffy',
  '\uFEFF', '\u200B', 'e\u0301', "'; drop table users; --", "' or '1'='1", '../../../../etc/passwd', '..', '%00', '%', '%zz',
  '<script>alert(1)</script>', '${jndi:ldap://x}', '{{7*7}}', 'a\r\nX-Injected: 1', 'null', 'undefined', 'NaN', '-1', '1e309',
  '\\', '"', ' '.repeat(1000),
] as const;
export const EVIL_NUMBERS = [-1, 0, -0, 0.5, -1.5, 2 ** 31, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, 1e308, -1e308, 5e-324] as const;
/** JSON texts that do not parse, or parse to something no schema wants. */
export const EVIL_JSON_TEXTS = [
  '', '{', '}', '[', '{"a":', '{"a" 1}', "{'a':1}", '{"a":1,}', 'nul', 'tru', '"unterminated', '\u0000', '\uFEFF{}',
  'null', 'true', '123', '-1e400', '"text"', '[]', '[{}]', '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}', '{"a":1,"a":2}', '{"a":"\\ud800"}', '{"a":"\\u0000"}',
  '1'.repeat(400), `${'['.repeat(50_000)}${']'.repeat(50_000)}`, `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
] as const;
export const WEIRD_CONTENT_TYPES = [
  'text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data', 'multipart/form-data; boundary=x',
  'application/json; charset=utf-16', 'application/json; charset=latin1', 'application/octet-stream', 'application/jsonx', ';;;',
] as const;

export type TokenKind = 'valid' | 'none' | 'empty' | 'garbage' | 'basic' | 'algNone' | 'expired' | 'revoked' | 'unknownUser' | 'wrongKey' | 'otherAlg' | 'huge';
export const BAD_TOKENS: TokenKind[] = ['none', 'empty', 'garbage', 'basic', 'algNone', 'expired', 'revoked', 'unknownUser', 'wrongKey', 'otherAlg', 'huge'];

export type BodySpec =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; contentType?: string }
  | { kind: 'raw'; payload: string | Buffer; contentType?: string };

export interface FuzzCase {
  token: TokenKind;
  params: Record<string, string>;
  /** The raw query string without '?', or '' for none. */
  query: string;
  body: BodySpec;
  headers: Record<string, string>;
  ip: string;
}

export interface FuzzWorld {
  /** Ids that exist: the caller's own, another member's, and a few that lead nowhere. */
  ids: string[];
  /** Valid values for well-known fields of the caller (own order id, e-mail, password…). */
  own: SampleContext;
}

export function badIds(ownIds: string[]): string[] {
  const one = ownIds[0] ?? '00000000-0000-4000-8000-000000000000';
  return [
    '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', crypto.randomUUID(), one.toUpperCase(), `${one} `,
    `${one}\n`, `${one}x`, 'not-a-uuid', '../', '../../etc/passwd', '..%2F..%2F', '%00', '\u0000', 'x'.repeat(65), 'x'.repeat(10_000),
    '1 OR 1=1', "' OR '1'='1", '😀', '\u202Eabc', '\ud800', '-1', '0', '1e309', 'null', 'undefined', ' ',
  ];
}

// ---- arbitraries --------------------------------------------------------------------------------

const evilString = (w: FuzzWorld) => fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...EVIL_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.constantFrom(...w.ids) },
);
const evilNumber = fc.oneof(fc.constantFrom(...EVIL_NUMBERS), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
const wrongType = (w: FuzzWorld): fc.Arbitrary<unknown> => fc.oneof(
  fc.constantFrom(null, true, false, 0, '', [], {}, [null], { '': null }),
  evilString(w), evilNumber,
  fc.array(evilString(w), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), evilString(w), { maxKeys: 3 }),
);

const ID_FIELD = /(^|_)id$|^license$|^image$|^images$|^number$/;

/** Values for `schema` that are often valid, often slightly wrong, sometimes of the wrong type. */
export function arbFromSchema(schema: JsonSchema, w: FuzzWorld, name = '', depth = 0): fc.Arbitrary<unknown> {
  const variants = schema.oneOf ?? schema.anyOf;
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  let fitting: fc.Arbitrary<unknown>;
  if (variants) fitting = fc.oneof(...variants.map((v) => arbFromSchema(v, w, name, depth + 1)));
  else if (schema.enum) fitting = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...schema.enum) }, { weight: 1, arbitrary: evilString(w) });
  else if (types.includes('object') && depth < 6) {
    const props = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, arbFromSchema(s, w, k, depth + 1)]));
    fitting = fc.tuple(
      fc.oneof(fc.record(props), fc.record(props, { requiredKeys: [] })),
      fc.option(fc.dictionary(fc.string({ maxLength: 12 }), wrongType(w), { maxKeys: 2 }), { freq: 4 }),
    ).map(([o, extra]) => (extra ? { ...extra, ...o } : o));
  } else if (types.includes('array') && depth < 6) {
    const item = schema.prefixItems?.[0] ?? (schema.items || {});
    fitting = fc.array(arbFromSchema(item, w, name, depth + 1), { maxLength: Math.min((schema.maxItems ?? 4) + 1, 5) });
  } else if (types.includes('integer') || types.includes('number')) {
    const lo = schema.minimum ?? -1000;
    const hi = schema.maximum ?? 1000;
    fitting = fc.oneof({ weight: 3, arbitrary: fc.integer({ min: Math.max(lo, -1e9), max: Math.min(hi, 1e9) }) }, { weight: 2, arbitrary: evilNumber });
  } else if (types.includes('boolean')) fitting = fc.boolean();
  else if (types.includes('string')) {
    const sample = sampleFromSchema(schema, w.own, name);
    const known = ID_FIELD.test(name) || schema.format === 'uuid' ? fc.constantFrom(...w.ids) : fc.constant(sample);
    fitting = fc.oneof(
      { weight: 3, arbitrary: fc.constant(sample) },
      { weight: 2, arbitrary: known },
      { weight: 3, arbitrary: evilString(w) },
      { weight: 1, arbitrary: fc.string({ maxLength: (schema.maxLength ?? 30) + 2 }) },
    );
  } else fitting = wrongType(w);
  return fc.oneof({ weight: 5, arbitrary: fitting }, { weight: 1, arbitrary: wrongType(w) });
}

function queryArb(route: RouteInfo, w: FuzzWorld): fc.Arbitrary<string> {
  const pairs = route.query.map((p) => fc.option(
    fc.oneof(
      arbFromSchema(p.schema, w, p.name).map((v) => `${encodeComponent(p.name)}=${encodeComponent(typeof v === 'string' ? v : JSON.stringify(v))}`),
      fc.constantFrom(`${p.name}=`, p.name, `${p.name}=1&${p.name}=2`, `${p.name}[a]=1`, `${p.name}=%`, `${p.name}=%zz`, `${p.name}=-1`, `${p.name}=1e309`),
    ),
    { freq: 3 },
  ));
  const extra = fc.option(fc.constantFrom('x=1', '__proto__[a]=1', 'constructor[prototype][a]=1', `q=${encodeComponent(HUGE.slice(0, 4000))}`), { freq: 4 });
  return fc.tuple(fc.tuple(...pairs), extra).map(([ps, e]) => [...ps, e].filter((x): x is string => !!x).join('&'));
}

function bodyArb(route: RouteInfo, w: FuzzWorld): fc.Arbitrary<BodySpec> {
  const raw = fc.record({
    kind: fc.constant('raw' as const),
    payload: fc.oneof(fc.constantFrom(...EVIL_JSON_TEXTS), fc.string({ unit: 'binary', maxLength: 60 })),
    contentType: fc.constantFrom('application/json', ...WEIRD_CONTENT_TYPES),
  });
  if (!route.body) {
    return fc.oneof(
      { weight: 3, arbitrary: fc.constant({ kind: 'none' as const }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('json' as const), value: wrongType(w) }) },
      { weight: 1, arbitrary: raw },
    );
  }
  return fc.oneof(
    { weight: 8, arbitrary: fc.record({ kind: fc.constant('json' as const), value: arbFromSchema(route.body, w) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('json' as const), value: wrongType(w) }) },
    { weight: 2, arbitrary: raw },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('json' as const), value: arbFromSchema(route.body, w), contentType: fc.constantFrom(...WEIRD_CONTENT_TYPES) }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
  );
}

/** A random case for `route` with the given token kinds. */
export function caseArb(route: RouteInfo, w: FuzzWorld, tokens: TokenKind[], extraBodies?: fc.Arbitrary<BodySpec>): fc.Arbitrary<FuzzCase> {
  const params = fc.record(Object.fromEntries(route.pathParams.map((p) => {
    const schema = route.pathSchemas[p] ?? { type: 'string' };
    return [p, fc.oneof(
      { weight: 2, arbitrary: fc.constant(String(sampleFromSchema(schema, w.own, p))) },
      { weight: 3, arbitrary: fc.constantFrom(...w.ids) },
      { weight: 2, arbitrary: evilString(w).map(String) },
    )];
  })));
  const headerSpecs = route.headers.map((h) => fc.option(evilString(w).map((v) => [h.name, v] as const), { freq: 2 }));
  const headers = fc.tuple(
    fc.tuple(...headerSpecs),
    fc.option(fc.constantFrom<[string, string]>(
      ['x-forwarded-for', 'garbage, ::1, 999.1.1.1'], ['x-forwarded-proto', 'gopher'], ['accept', '*/*;q=x'], ['range', 'bytes=5-1'],
      ['range', 'bytes=-0'], ['range', 'bytes=0-99999999999999999999'], ['accept-encoding', 'br;q=2, zz'], ['origin', 'https://evil.example'],
      ['x-company-id', '../'], ['if-none-match', '"x"'],
    ), { freq: 3 }),
  ).map(([hs, extra]) => Object.fromEntries([...hs, extra].filter((x): x is readonly [string, string] => !!x).map(([k, v]) => [k, headerSafe(v)])));
  return fc.record({
    token: fc.constantFrom(...tokens),
    params,
    query: queryArb(route, w),
    body: extraBodies ? fc.oneof(bodyArb(route, w), extraBodies) : bodyArb(route, w),
    headers,
    ip: fc.ipV4(),
  });
}

/** Header values must be latin-1 without CR/LF, or Node refuses to build the request at all. */
export function headerSafe(v: string): string {
  return v.replace(/[^\x20-\x7e]/g, '?').slice(0, 8000);
}

// ---- the fixed corpus ---------------------------------------------------------------------------

/** Replaces every string (or number) leaf of a sample by `to`. */
function mapLeaves(value: unknown, onString: (s: string) => unknown, onNumber: (n: number) => unknown): unknown {
  if (typeof value === 'string') return onString(value);
  if (typeof value === 'number') return onNumber(value);
  if (Array.isArray(value)) return value.map((v) => mapLeaves(v, onString, onNumber));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapLeaves(v, onString, onNumber)]));
  return value;
}

const wrongTypeOf = (v: unknown): unknown => {
  if (typeof v === 'string') return 12345;
  if (typeof v === 'number') return 'abc';
  if (typeof v === 'boolean') return 'true';
  if (Array.isArray(v)) return { 0: v[0] };
  if (v && typeof v === 'object') return [v];
  return 'null';
};

/** Every category on this route, deterministic: the baseline, each hostile leaf, missing and mistyped fields, bad JSON, bad ids, bad tokens. */
export function corpusFor(route: RouteInfo, w: FuzzWorld, ownIds: string[]): FuzzCase[] {
  const params = Object.fromEntries(route.pathParams.map((p) => [p, String(sampleFromSchema(route.pathSchemas[p] ?? { type: 'string' }, w.own, p))]));
  const query = route.query.map((p) => `${p.name}=${encodeComponent(String(sampleFromSchema(p.schema, w.own, p.name)))}`).join('&');
  const sample = route.body ? sampleFromSchema(route.body, w.own) : undefined;
  const base: FuzzCase = { token: 'valid', params, query, body: sample === undefined ? { kind: 'none' } : { kind: 'json', value: sample }, headers: {}, ip: '10.9.0.1' };
  const cases: FuzzCase[] = [base];
  const withBody = (value: unknown): FuzzCase => ({ ...base, body: { kind: 'json', value } });
  if (sample !== undefined) {
    for (const s of EVIL_STRINGS) cases.push(withBody(mapLeaves(sample, () => s, (n) => n)));
    for (const n of EVIL_NUMBERS) cases.push(withBody(mapLeaves(sample, (s) => s, () => n)));
    cases.push(withBody({}));
    if (sample && typeof sample === 'object' && !Array.isArray(sample)) {
      for (const key of Object.keys(sample)) {
        const { [key]: gone, ...rest } = sample as Record<string, unknown>;
        cases.push(withBody(rest), withBody({ ...rest, [key]: wrongTypeOf(gone) }), withBody({ ...rest, [key]: null }));
      }
    }
    for (const v of [null, [], 'text', 42, true, [sample]]) cases.push(withBody(v));
  }
  for (const payload of EVIL_JSON_TEXTS) cases.push({ ...base, body: { kind: 'raw', payload, contentType: 'application/json' } });
  for (const contentType of WEIRD_CONTENT_TYPES) cases.push({ ...base, body: { kind: 'raw', payload: JSON.stringify(sample ?? {}), contentType } });
  cases.push({ ...base, body: { kind: 'raw', payload: Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0xc3, 0x28]), contentType: 'application/json' } });
  cases.push({ ...base, body: { kind: 'raw', payload: JSON.stringify({ pad: 'x'.repeat(1024 * 1024 + 10) }), contentType: 'application/json' } });
  for (const p of route.pathParams) for (const id of [...badIds(ownIds), ...EVIL_STRINGS]) cases.push({ ...base, params: { ...params, [p]: id } });
  for (const q of route.query) {
    for (const v of ['-1', '0', '1e309', '9'.repeat(40), 'abc', '', '%', '\u0000', HUGE.slice(0, 4000)]) {
      cases.push({ ...base, query: `${query}&${q.name}=${v === '%' ? '%' : encodeComponent(v)}` });
    }
  }
  for (const token of BAD_TOKENS) cases.push({ ...base, token });
  return cases;
}

// ---- multipart (uploads) -------------------------------------------------------------------------

function multipart(parts: { name: string; filename?: string; type?: string; data: string | Buffer }[], opts: { boundary?: string; declared?: string; close?: boolean } = {}): BodySpec {
  const boundary = opts.boundary ?? 'fuzzBoundary7MA4YWxk';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disp = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disp}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`), Buffer.from(p.data), Buffer.from('\r\n'));
  }
  if (opts.close !== false) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { kind: 'raw', payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${opts.declared ?? boundary}` };
}

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(120, 7), Buffer.from([0xff, 0xd9])]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(120, 3)]);

/** Upload bodies: valid photos, wrong bytes, missing and extra parts, hostile names and fields, broken framing. `maxBytes` is the server's limit. */
export function multipartBodies(maxBytes: number): BodySpec[] {
  const title = { name: 'title', data: 'foto' };
  const source = { name: 'source', data: 'upload' };
  const file = (data: Buffer, filename = 'foto.jpg', type = 'image/jpeg') => ({ name: 'file', filename, type, data });
  return [
    multipart([title, source, file(JPEG)]),
    multipart([title, source, file(PNG, 'a.png', 'image/png')]),
    multipart([title, source, file(Buffer.from('GIF89a not a photo'), 'x.gif', 'image/gif')]),
    multipart([title, source, file(Buffer.from('<svg onload=alert(1)>'), 'x.svg', 'image/svg+xml')]),
    multipart([title, source, file(Buffer.alloc(0))]),
    multipart([title, source]),
    multipart([]),
    multipart([title, source, file(JPEG), file(JPEG)]),
    multipart([title, source, { ...file(JPEG), name: 'other' }]),
    multipart([title, source, file(JPEG, '../../etc/passwd')]),
    multipart([title, source, file(JPEG, 'a\u0000.jpg')]),
    multipart([title, source, file(JPEG, '')]),
    multipart([{ name: 'title', data: HUGE }, source, file(JPEG)]),
    multipart([{ name: 'title', data: '\u0000\ud800' }, source, file(JPEG)]),
    multipart([title, { name: 'source', data: 'evil' }, file(JPEG)]),
    multipart([title, source, { name: 'a', data: '1' }, { name: 'b', data: '2' }, { name: 'c', data: '3' }, file(JPEG)]),
    multipart([title, source, file(Buffer.concat([JPEG, Buffer.alloc(maxBytes + 10, 1)]))]),
    multipart([title, source, file(JPEG)], { declared: 'someOtherBoundary' }),
    multipart([title, source, file(JPEG)], { close: false }),
    multipart([{ name: 'x'.repeat(100), data: 'y' }, file(JPEG)]),
    { kind: 'raw', payload: '--fuzzBoundary7MA4YWxk\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n', contentType: 'multipart/form-data; boundary=fuzzBoundary7MA4YWxk' },
    { kind: 'raw', payload: 'not multipart at all', contentType: 'multipart/form-data' },
    { kind: 'raw', payload: JPEG, contentType: 'image/jpeg' },
    { kind: 'json', value: { title: 'foto', source: 'upload', file: JPEG.toString('base64') } },
  ];
}
