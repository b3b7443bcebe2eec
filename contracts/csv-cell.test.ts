// Issue 29 item 12: every hand-written CSV (licence codes in the console and the admin CLI) neutralises
// cells a spreadsheet would run as a formula.
import { describe, expect, it } from 'vitest';
import { licenceBatchCsv } from './admin-licences.ts';
import { csvCell, csvText } from './csv-cell.ts';

describe('csvCell', () => {
  it('prefixes formula-leading text with an apostrophe and quotes where needed', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+cmd|x')).toBe("'+cmd|x");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('=HYPERLINK("a","b")')).toBe(`"'=HYPERLINK(""a"",""b"")"`);
    expect(csvCell('Budi, S.Pd')).toBe('"Budi, S.Pd"');
    expect(csvCell('Budi')).toBe('Budi');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
  });
  it('is used by the licence batch download', () => {
    const text = licenceBatchCsv({ product_name: '=HYPERLINK("x")', expires_at: '2027-01-01' }, ['ABCD-EFGH']);
    expect(text).toBe(`\uFEFFkode_lisensi,produk,berlaku_hingga\r\nABCD-EFGH,"'=HYPERLINK(""x"")",2027-01-01\r\n`);
    expect(csvText([['a'], ['+b']])).toBe("a\r\n'+b\r\n");
  });
});
