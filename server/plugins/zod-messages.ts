// Indonesian default texts for zod issues, short enough to follow a field name
// ("email: E-mail tidak valid"). A schema's own `error` text still wins over these; codes not
// handled here fall back to zod's Indonesian locale. Process-wide: the server is one process.
import { z } from 'zod';

const typeNames: Record<string, string> = {
  string: 'teks', number: 'angka', int: 'bilangan bulat', boolean: 'true/false', object: 'objek',
  array: 'daftar', date: 'tanggal', bigint: 'angka',
};
const formatTexts: Record<string, string> = {
  email: 'E-mail tidak valid', url: 'URL tidak valid', uuid: 'ID tidak valid', date: 'tanggal tidak valid (YYYY-MM-DD)',
  datetime: 'waktu tidak valid', regex: 'format tidak valid',
};

function describe(iss: z.core.$ZodRawIssue): string | undefined {
  switch (iss.code) {
    case 'invalid_type':
      if (iss.input === undefined || iss.input === null) return 'wajib diisi';
      return `harus berupa ${typeNames[iss.expected] ?? iss.expected}`;
    case 'invalid_format':
      return formatTexts[iss.format] ?? 'format tidak valid';
    case 'too_small': {
      const n = String(iss.minimum);
      if (iss.origin === 'string') return iss.minimum === 1 ? 'wajib diisi' : `minimal ${n} karakter`;
      if (iss.origin === 'array' || iss.origin === 'set') return `minimal ${n} item`;
      return `minimal ${n}`;
    }
    case 'too_big': {
      const n = String(iss.maximum);
      if (iss.origin === 'string') return `maksimal ${n} karakter`;
      if (iss.origin === 'array' || iss.origin === 'set') return `maksimal ${n} item`;
      return `maksimal ${n}`;
    }
    case 'invalid_value':
      return 'nilai tidak valid';
    case 'unrecognized_keys':
      return `kolom tidak dikenal: ${iss.keys.join(', ')}`;
    default:
      return undefined;
  }
}

let installed = false;
export function installZodMessages(): void {
  if (installed) return;
  installed = true;
  z.config({ ...z.locales.id(), customError: describe });
}
