import { describe, expect, it } from 'vitest';
import { listingSearch, readListingQuery } from './listing-params';

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
  });

  it('writes only what differs from the defaults', () => {
    expect(listingSearch({ page: 1 }).toString()).toBe('');
    expect(listingSearch({ q: 'diseño', rating: 5, page: 2 }).toString()).toBe('q=dise%C3%B1o&rating=5&page=2');
  });
});
