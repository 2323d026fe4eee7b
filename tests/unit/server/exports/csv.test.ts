import { describe, expect, it } from 'vitest';
import { csvField, csvRecord } from '../../../../src/server/exports/csv';

describe('CSV fields (RFC 4180, formulas neutralised)', () => {
  it('leaves a plain value as it is', () => {
    expect(csvField('Ana López')).toBe('Ana López');
    expect(csvField('')).toBe('');
  });

  it('quotes a value with a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvField('Pérez, Ana')).toBe('"Pérez, Ana"');
    expect(csvField('el "Toro"')).toBe('"el ""Toro"""');
    expect(csvField('uno\ndos')).toBe('"uno\ndos"');
    expect(csvField('uno\r\ndos')).toBe('"uno\r\ndos"');
  });

  it('puts an apostrophe before what a spreadsheet would read as a formula', () => {
    for (const value of ['=1+1', '+5215512345678', '-2', '@SUM(A1)', '\tx', '\rx']) expect(csvField(value).replace(/^"/, '')).toMatch(/^'/);
    expect(csvField('=HYPERLINK("http://x.invalid")')).toBe('"\'=HYPERLINK(""http://x.invalid"")"');
    expect(csvField('a=1')).toBe('a=1');
  });

  it('ends a record in CRLF', () => {
    expect(csvRecord(['a', 'b,c', '=d'])).toBe('a,"b,c",\'=d\r\n');
  });
});
