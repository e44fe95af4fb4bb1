import { describe, expect, it } from 'vitest';
import { courseListQuery, type CourseListQuery } from '../../../shared/schemas/catalog';
import { listingSearch, readListingQuery } from './listing-params';

/** How the API's schema reads the same URL, one parameter at a time. */
function readWithSchema(searchParams: URLSearchParams): CourseListQuery {
  // The defaults, then each parameter the schema accepts.
  const query: Record<string, unknown> = courseListQuery.parse({});
  for (const field of Object.keys(courseListQuery.shape) as (keyof CourseListQuery)[]) {
    const parsed = courseListQuery.shape[field].safeParse(searchParams.get(field) ?? undefined);
    if (parsed.success && parsed.data !== undefined) query[field] = parsed.data;
  }
  return query as CourseListQuery;
}

/** Values that probe every rule: blanks, signs, exponents, hex, fractions, leading zeros, other digits, bounds, overflow, lengths, case. */
const probes = [
  '', ' ', '  \t', '0', '1', '-1', '+3', ' 4 ', '4 ', '4.0', '4.', '4.5', '1e1', '1e400', '0x10', '0X3', '0b1', '0o7', '04', '007', '1_000', '3,0', '٣', '３', 'abc', '12abc', 'NaN', 'Infinity',
  '5', '6', '99999', '100000', '100001', '111112', '999999', '1000000', '1000001', '2147483647', '2147483648', '9007199254740993',
  'python', '  python  ', 'diseño gráfico', 'x'.repeat(100), ` ${'y'.repeat(100)} `, 'z'.repeat(101),
  'newest', 'price-desc', 'rating-asc', 'PRICE-DESC', 'cheap',
];

describe('listing state in the URL', () => {
  it('reads every parameter with the API schema', () => {
    expect(readListingQuery(new URLSearchParams('q=python&categoryId=2&subcategoryId=5&rating=4&sort=price-desc&page=3'))).toEqual({
      q: 'python',
      categoryId: 2,
      subcategoryId: 5,
      rating: 4,
      sort: 'price-desc',
      page: 3,
    });
  });

  it('drops a bad parameter and keeps the others', () => {
    expect(readListingQuery(new URLSearchParams('q=python&page=abc&rating=9&sort=cheap&categoryId=-1'))).toEqual({ q: 'python', page: 1 });
    expect(readListingQuery(new URLSearchParams(''))).toEqual({ page: 1 });
    // Numbers are digits only, as the API reads them: `Number` would take each of these.
    expect(readListingQuery(new URLSearchParams('q=python&page=0x10&categoryId=+3&subcategoryId=07&rating=4.0'))).toEqual({ q: 'python', page: 1 });
    expect(readListingQuery(new URLSearchParams('page=1e1&rating=%204'))).toEqual({ page: 1 });
  });

  it('reads every parameter exactly as the API schema does', () => {
    // Every field of the API's schema: one added there is probed here too.
    const fields = Object.keys(courseListQuery.shape);
    for (const field of fields) {
      for (const value of probes) {
        const params = new URLSearchParams({ [field]: value });
        expect(readListingQuery(params), `${field}=${JSON.stringify(value)}`).toEqual(readWithSchema(params));
      }
    }
    // Every field at once, each with a probe value chosen in turn.
    for (let round = 0; round < probes.length; round++) {
      const params = new URLSearchParams(fields.map((field, index) => [field, probes[(round + index * 7) % probes.length]!]));
      expect(readListingQuery(params), params.toString()).toEqual(readWithSchema(params));
    }
  });

  it('writes only what differs from the defaults', () => {
    expect(listingSearch({ page: 1 }).toString()).toBe('');
    expect(listingSearch({ q: 'diseño', rating: 5, page: 2 }).toString()).toBe('q=dise%C3%B1o&rating=5&page=2');
  });
});
