// The app's routes, enumerated from the app itself so sweeps (fuzzing, ownership, tokens) cover
// routes added later without editing the tests: the router's table (`printRoutes`, which also
// lists routes hidden from the docs) joined with the OpenAPI document's parameter and body schemas.
import type { App } from '../../server/app.ts';

export type JsonSchema = {
  type?: string | string[]; enum?: unknown[]; format?: string; pattern?: string;
  minLength?: number; maxLength?: number; minimum?: number; maximum?: number; exclusiveMinimum?: number;
  minItems?: number; maxItems?: number; items?: JsonSchema | false; prefixItems?: JsonSchema[];
  properties?: Record<string, JsonSchema>; required?: string[]; anyOf?: JsonSchema[]; oneOf?: JsonSchema[];
  default?: unknown; const?: unknown;
};

export interface ParamSpec { name: string; required: boolean; schema: JsonSchema }

export interface RouteInfo {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The full path template with `:param` segments, e.g. `/api/users/v1/member/order/detail/:id/:section`. */
  url: string;
  pathParams: string[];
  /** From the OpenAPI document (empty for routes it does not describe). */
  query: ParamSpec[];
  headers: ParamSpec[];
  pathSchemas: Record<string, JsonSchema>;
  body?: JsonSchema;
  /** Declared request content types (e.g. multipart/form-data for uploads). */
  consumes: string[];
  documented: boolean;
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** Parses `printRoutes({ commonPrefix: false })`: a tree whose child segments extend their parent's path. */
export function parseRouteTree(tree: string): { method: RouteInfo['method']; url: string }[] {
  const out: { method: RouteInfo['method']; url: string }[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    const url = (stack[depth - 1] ?? '') + m[2]!;
    stack[depth] = url;
    for (const method of (m[3] ?? '').split(',').map((s) => s.trim())) {
      if (METHODS.has(method)) out.push({ method: method as RouteInfo['method'], url });
    }
  }
  return out;
}

const normalise = (path: string) => path.replace(/\{(\w+)\}/g, ':$1').replace(/\/+$/, '');

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}

/** Every route under `apiBase` (HEAD left out: Fastify adds it to each GET). */
export async function routeTable(app: App, apiBase = '/api'): Promise<RouteInfo[]> {
  await app.ready();
  const doc = (await app.inject({ method: 'GET', url: `${apiBase}/docs/json` })).json<{ paths: Record<string, Record<string, OpenApiOperation>> }>();
  const ops = new Map<string, OpenApiOperation>();
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) ops.set(`${method.toUpperCase()} ${normalise(path)}`, op);
  }
  const seen = new Set<string>();
  const table = parseRouteTree(app.printRoutes({ commonPrefix: false }))
    .filter((r) => r.url === apiBase || r.url.startsWith(`${apiBase}/`))
    .filter((r) => !seen.has(`${r.method} ${r.url}`) && seen.add(`${r.method} ${r.url}`));
  // The document drops `consumes` from routes without a body schema (uploads). A route without a
  // multipart parser in its scope refuses multipart with 415 before anything else runs (no side effects).
  const multipart = new Set<string>();
  for (const r of table.filter((x) => x.method !== 'GET' && x.method !== 'DELETE')) {
    const res = await app.inject({ method: r.method, url: fillRoute(r.url, {}), headers: { 'content-type': 'multipart/form-data; boundary=probe' }, payload: '--probe--\r\n' });
    if (res.statusCode !== 415) multipart.add(`${r.method} ${r.url}`);
  }
  return table.map((r) => {
    const op = ops.get(`${r.method} ${normalise(r.url)}`);
    const params = op?.parameters ?? [];
    const spec = (where: string) => params.filter((p) => p.in === where).map((p) => ({ name: p.name, required: p.required ?? false, schema: p.schema }));
    const content = op?.requestBody?.content ?? {};
    return {
      ...r,
      pathParams: [...r.url.matchAll(/:(\w+)/g)].map((m) => m[1]!),
      query: spec('query'),
      headers: spec('header'),
      pathSchemas: Object.fromEntries(spec('path').map((p) => [p.name, p.schema])),
      body: content['application/json']?.schema,
      consumes: [...Object.keys(content), ...(multipart.has(`${r.method} ${r.url}`) ? ['multipart/form-data'] : [])],
      documented: op !== undefined,
    };
  });
}

/** encodeURIComponent, except that a lone surrogate (which it refuses) goes out as the bytes a raw client would send. */
export function encodeComponent(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return [...v].map((ch) => {
      if (ch.length > 1 || !/[\ud800-\udfff]/.test(ch)) return encodeURIComponent(ch);
      const c = ch.charCodeAt(0);
      return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    }).join('');
  }
}

/** Fills `:param` segments, encoded, so fuzzed ids cannot add segments of their own. */
export function fillRoute(url: string, values: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_, name: string) => encodeComponent(values[name] ?? 'x'));
}

// ---- a valid sample for a schema ---------------------------------------------------------------

// Strings tried, in order, for a string schema with a pattern or format: the first that fits wins.
const STRING_CANDIDATES = [
  'peserta.uji@contoh.id', '2000-01-01', '2026-11-21T08:00:00Z', '123456', '081234567890', 'https://contoh.id/a',
  '00000000-0000-4000-8000-000000000000', 'Aa0_-Aa0_-Aa0_-Aa0_', 'Kuda-Lari-99', 'abc',
];
const FORMAT_TESTS: Record<string, RegExp> = {
  email: /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  'date-time': /^\d{4}-\d{2}-\d{2}T/,
  uri: /^https?:\/\//,
  date: /^\d{4}-\d{2}-\d{2}$/,
};

export interface SampleContext {
  /** A value for a field (or parameter) by its name, e.g. the caller's own ids; undefined: the generic sample. */
  valueFor?(name: string, schema: JsonSchema): unknown;
}

function fitsString(s: string, schema: JsonSchema): boolean {
  if (schema.minLength !== undefined && s.length < schema.minLength) return false;
  if (schema.maxLength !== undefined && s.length > schema.maxLength) return false;
  if (schema.pattern && !new RegExp(schema.pattern).test(s)) return false;
  if (schema.format && FORMAT_TESTS[schema.format] && !FORMAT_TESTS[schema.format]!.test(s)) return false;
  return true;
}

const typesOf = (s: JsonSchema) => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

/**
 * A value that should pass the schema (first enum value, a fitting string, the minimum, every
 * required and optional property). Deterministic, so a sweep can tell a refusal by ownership from
 * a refusal by validation.
 */
export function sampleFromSchema(schema: JsonSchema, ctx: SampleContext = {}, name = ''): unknown {
  if (schema.const !== undefined) return schema.const;
  const named = name && !schema.enum && !schema.properties ? ctx.valueFor?.(name, schema) : undefined;
  if (named !== undefined) return Array.isArray(named) || typesOf(schema)[0] !== 'array' ? named : [named];
  if (schema.enum) return schema.enum[0];
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants) return sampleFromSchema(variants[0]!, ctx, name);
  const type = typesOf(schema)[0];
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, sub] of Object.entries(schema.properties ?? {})) out[key] = sampleFromSchema(sub, ctx, key);
      return out;
    }
    case 'array': {
      if (schema.prefixItems) return schema.prefixItems.map((s) => sampleFromSchema(s, ctx, name));
      const n = Math.max(1, schema.minItems ?? 0);
      return schema.items && (schema.maxItems ?? 1) > 0 ? Array.from({ length: n }, () => sampleFromSchema(schema.items as JsonSchema, ctx, name)) : [];
    }
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return typeof schema.default === 'boolean' ? schema.default : true;
    case 'null':
      return null;
    case 'string': {
      if (!schema.pattern && !schema.format) return 'x'.repeat(Math.max(schema.minLength ?? 1, 3)).slice(0, schema.maxLength ?? Infinity);
      return STRING_CANDIDATES.find((s) => fitsString(s, schema)) ?? 'x'.repeat(schema.minLength ?? 1);
    }
    default:
      return null;
  }
}
