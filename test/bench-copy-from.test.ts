import { describe, expect, it } from 'vitest';
import { copyChunks } from '../bench/lib/copy-from';

const text = (rows: Parameters<typeof copyChunks>[0]) => Buffer.concat(copyChunks(rows)).toString('utf8');

describe("the seed's COPY text", () => {
  it('writes one line a row, tab-separated, with nulls as \\N', () => {
    expect(text([[1, 'Curso', null, true, undefined]])).toBe('1\tCurso\t\\N\ttrue\t\\N\n');
  });

  it('escapes what COPY would read as a separator, an end of row or an escape', () => {
    expect(text([['a\tb', 'c\nd', 'e\rf', 'g\\h']])).toBe('a\\tb\tc\\nd\te\\rf\tg\\\\h\n');
  });

  it('keeps accents and other characters as UTF-8', () => {
    expect(text([['Diseño gráfico: ¿por dónde empiezo?']])).toBe('Diseño gráfico: ¿por dónde empiezo?\n');
  });

  it('writes dates as ISO timestamps and text arrays as PostgreSQL array literals', () => {
    expect(text([[new Date('2026-01-02T03:04:05.678Z'), ['uno', 'dos "tres"', 'a\\b']]])).toBe('2026-01-02T03:04:05.678Z\t{"uno","dos \\\\"tres\\\\"","a\\\\\\\\b"}\n');
  });

  it('splits many rows into chunks that together hold every row once', () => {
    const rows = Array.from({ length: 20_000 }, (_, index) => [index, `Curso número ${index} con un título algo largo`]);
    const chunks = copyChunks(rows);
    expect(chunks.length).toBeGreaterThan(1);
    const lines = Buffer.concat(chunks).toString('utf8').split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(20_000);
    expect(lines[19_999]).toBe('19999\tCurso número 19999 con un título algo largo');
  });
});
