// The layers of src/, checked on the resolved path of every relative import (an import string alone
// cannot tell `../features/x` in the console from the candidate app's features):
//   candidate app:  src/app -> src/features/<f> -> shared layers
//   staff console:  src/console/app -> src/console/features/<f> -> src/console/lib -> shared layers
// Shared layers (src/lib, ui, i18n, sensors, workers) import only each other (and contracts); a
// feature never imports another feature or an app; the two apps meet only at src/console/staff-console.ts,
// the console's one entry, which src/app's router loads lazily.
import { dirname, join, relative, sep } from 'node:path';

const SHARED = new Set(['lib', 'ui', 'i18n', 'sensors', 'workers']);

/** The layer a file of src/ belongs to, or null outside src/. */
export function layerOf(file) {
  const p = file.split(sep).join('/').split('/');
  if (p[0] !== 'src' || p.length < 2) return null;
  if (p[1] === 'app') return { kind: 'app' };
  if (p[1] === 'features') return { kind: 'feature', name: p[2] };
  if (SHARED.has(p[1])) return { kind: 'shared' };
  if (p[1] === 'console') {
    if (p.length === 3) return { kind: 'console-entry' };
    if (p[2] === 'app') return { kind: 'console-app' };
    if (p[2] === 'features') return { kind: 'console-feature', name: p[3] };
    if (p[2] === 'lib') return { kind: 'console-lib' };
    return { kind: 'console-app' };
  }
  return { kind: 'other' };
}

const ALLOWED = {
  shared: ['shared'],
  feature: ['shared', 'same'],
  app: ['shared', 'feature', 'app', 'console-entry'],
  'console-lib': ['shared', 'console-lib'],
  'console-feature': ['shared', 'console-lib', 'same'],
  'console-app': ['shared', 'console-lib', 'console-feature', 'console-app'],
  'console-entry': ['console-app'],
};

const WHY = {
  shared: 'shared layers (src/lib, ui, i18n, sensors, workers) import only each other and contracts/',
  feature: 'a feature imports only its own folder, the shared layers and contracts/: no other feature, no app, not the console',
  app: 'the candidate app reaches the staff console only through its entry, src/console/staff-console.ts',
  'console-lib': 'src/console/lib imports only itself, the shared layers and contracts/',
  'console-feature': 'a console feature imports only its own folder, src/console/lib, the shared layers and contracts/',
  'console-app': 'the console app composes console features and src/console/lib; never the candidate app or its features',
  'console-entry': 'src/console/staff-console.ts only re-exports the console app',
};

function allowed(from, to) {
  if (!to || to.kind === 'other') return true;
  return (ALLOWED[from.kind] ?? []).some((k) =>
    k === 'same' ? to.kind === from.kind && to.name === from.name : k === to.kind);
}

const rule = {
  meta: { type: 'problem', schema: [], messages: { layer: 'Import across layers: {{why}}.' } },
  create(context) {
    const cwd = context.cwd;
    const file = relative(cwd, context.filename);
    const from = layerOf(file);
    if (!from || from.kind === 'other') return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = layerOf(relative(cwd, join(cwd, dirname(file), source)));
      if (!allowed(from, to)) context.report({ node, messageId: 'layer', data: { why: WHY[from.kind] } });
    };
    return {
      ImportDeclaration: (n) => check(n, n.source.value),
      ExportNamedDeclaration: (n) => n.source && check(n, n.source.value),
      ExportAllDeclaration: (n) => check(n, n.source.value),
      ImportExpression: (n) => n.source.type === 'Literal' && check(n, n.source.value),
    };
  },
};

export default { rules: { layers: rule } };
