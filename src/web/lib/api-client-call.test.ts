import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { sessionSchema } from '../../shared/endpoints/accounts';
import { endpoints } from '../../shared/endpoints/endpoint-table';
import type { Cart } from '../../shared/schemas/cart';
import type { CourseDetail } from '../../shared/schemas/catalog';
import { jsonResponse, mockApi, unmockedRequests } from '../testing/mock-fetch';
import { ApiError, call } from './api-client';
import { makeCart } from '../testing/fixtures';

const emptyCart: Cart = makeCart([]);

describe('call', () => {
  it("builds the path from the entry and its params, and returns the answer typed as the entry's response", async () => {
    const fetchSpy = mockApi({ removeFromCart: ({ params }) => ({ ...emptyCart, totalCents: params.courseId }) });
    const cart = await call(endpoints.removeFromCart, { params: { courseId: 7 } });
    expectTypeOf(cart).toEqualTypeOf<Cart>();
    expect(cart).toEqual({ ...emptyCart, totalCents: 7 });
    expect(fetchSpy.mock.calls[0]?.[0]).toBe('/api/cart/7');
    expect(fetchSpy.mock.calls[0]?.[1]).toMatchObject({ method: 'DELETE', credentials: 'include' });
  });

  it('sends the body as JSON and the query as a query string', async () => {
    const fetchSpy = mockApi({
      addToCart: ({ body }) => {
        expectTypeOf(body).toEqualTypeOf<{ courseId: number }>();
        return { ...emptyCart, totalCents: body.courseId };
      },
      getCourses: ({ query }) => ({ items: [], total: Number(query.get('page')), page: 2, pageCount: 2, pageSize: 9 }),
    });
    await expect(call(endpoints.addToCart, { body: { courseId: 3 } })).resolves.toEqual({ ...emptyCart, totalCents: 3 });
    expect(fetchSpy.mock.calls[0]?.[1]).toMatchObject({ method: 'POST', body: '{"courseId":3}' });
    await call(endpoints.getCourses, { query: { page: 2, q: 'react', categoryId: undefined } });
    expect(fetchSpy.mock.calls[1]?.[0]).toBe('/api/courses?page=2&q=react');
  });

  it('needs no input for an endpoint that takes none', async () => {
    mockApi({ getCart: () => emptyCart });
    await expect(call(endpoints.getCart)).resolves.toEqual(emptyCart);
  });

  it('throws an ApiError for a failure, as every call does', async () => {
    mockApi({ getCourse: () => jsonResponse({ error: { code: 'COURSE_NOT_FOUND', message: 'Course not found' } }, 404) });
    const error = await call(endpoints.getCourse, { params: { id: 9 } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'COURSE_NOT_FOUND', status: 404 });
  });

  it('checks the input and the answer against the entry at compile time', () => {
    expectTypeOf(call<typeof endpoints.getCourse>).returns.resolves.toEqualTypeOf<CourseDetail>();
    expectTypeOf(call<typeof endpoints.getSession>).returns.resolves.toEqualTypeOf<z.output<typeof sessionSchema> | null>();
    // Each line below must not compile; the calls never run.
    const typeChecks = () => {
      // @ts-expect-error the params are required
      void call(endpoints.removeFromCart);
      // @ts-expect-error a parameter of the wrong type
      void call(endpoints.removeFromCart, { params: { courseId: 'seven' } });
      // @ts-expect-error an endpoint without a body takes none
      void call(endpoints.getCart, { body: {} });
      // @ts-expect-error a body of the wrong shape
      void call(endpoints.addToCart, { body: { course: 3 } });
    };
    expect(typeChecks).toBeTypeOf('function');
  });
});

describe('mockApi', () => {
  it('types each handler by its endpoint', () => {
    const typeChecks = () => {
      // @ts-expect-error the answer must be the endpoint's response
      mockApi({ getCart: () => ({ items: 'none' }) });
      // @ts-expect-error only endpoints of the table
      mockApi({ getNothing: () => null });
      mockApi({
        getCourseReviews: ({ params }) => {
          expectTypeOf(params).toEqualTypeOf<{ id: number }>();
          return { items: [] };
        },
      });
    };
    expect(typeChecks).toBeTypeOf('function');
  });

  it('matches path parameters and leaves other requests unmocked', async () => {
    mockApi({ getCourseReviews: ({ params }) => ({ items: [], id: params.id }) as never });
    await expect(call(endpoints.getCourseReviews, { params: { id: 12 } })).resolves.toEqual({ items: [], id: 12 });
    await expect(fetch('/api/courses/12')).rejects.toThrow('No mock for GET /api/courses/12');
    // Taken back, so that the setup does not fail the test for the request made on purpose.
    expect(unmockedRequests.splice(0)).toEqual(['GET /api/courses/12']);
  });
});
