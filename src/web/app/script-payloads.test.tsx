import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CourseReview } from '../../shared/schemas/reviews';
import { adminSession } from '../testing/render-page';
import { categories, makeCourse, makeDetail, makeList } from '../testing/fixtures';
import { mockApi } from '../testing/mock-fetch';
import { renderApp } from '../testing/render';

/**
 * What users type (course titles and descriptions, teacher names, reviews, contact messages)
 * is shown to other people. Rendered through the real pages, markup in it stays text: no
 * element is created from it and no script runs. The server-rendered head is covered by
 * src/server/features/catalog/seo.test.ts ("escapes what a teacher typed…").
 */
const payloads = {
  script: '<script>window.__xss = "script"</script>',
  image: '<img src=x onerror="window.__xss = \'img\'">',
  svg: '<svg onload="window.__xss = \'svg\'"></svg>',
  link: '<a href="javascript:window.__xss=1">clic</a>',
};

const slow = { timeout: 5000 };

type XssWindow = Window & { __xss?: unknown };

function expectNoInjectedElements() {
  expect(document.querySelectorAll('script')).toHaveLength(0);
  expect(document.querySelector('img[src="x"], [onerror], [onload], svg[onload], a[href^="javascript:"]')).toBeNull();
  expect((window as XssWindow).__xss).toBeUndefined();
}

describe('script payloads in what users type render as text', () => {
  afterEach(() => {
    delete (window as XssWindow).__xss;
  });

  it('on the course page: title, teacher, description and reviews', async () => {
    const reviews: CourseReview[] = [
      { id: 1, userId: 'u1', userName: payloads.image, userImage: null, rating: 4, comment: payloads.script, createdAt: '2024-03-01T10:00:00.000Z' },
      { id: 2, userId: 'u2', userName: 'Pedro', userImage: null, rating: 2, comment: payloads.link, createdAt: '2024-02-01T10:00:00.000Z' },
    ];
    mockApi({
      getSession: () => null,
      getCourse: () => makeDetail({ id: 42, title: payloads.script, teacherName: payloads.svg, description: payloads.image }),
      getCourseReviews: () => ({ items: reviews }),
    });
    renderApp('/course/42');

    expect(await screen.findByRole('heading', { level: 1, name: payloads.script }, slow)).toBeInTheDocument();
    expect(screen.getByText(payloads.image, { exact: true })).toBeInTheDocument();
    expect(screen.getByText(payloads.svg, { exact: false })).toBeInTheDocument();
    const region = await screen.findByRole('region', { name: 'Reseñas' });
    expect(await within(region).findByText(payloads.script)).toBeInTheDocument();
    expect(within(region).getByText(payloads.image)).toBeInTheDocument();
    expect(within(region).getByText(payloads.link)).toBeInTheDocument();
    expect(document.title).toContain(payloads.script);
    expectNoInjectedElements();
  });

  it('in the catalogue: course cards', async () => {
    mockApi({
      getSession: () => null,
      getCategories: () => categories,
      getCourses: () => makeList([makeCourse({ title: payloads.script, teacherName: payloads.image }), makeCourse({ title: payloads.svg })]),
    });
    renderApp('/allcourses');
    expect(await screen.findByText(payloads.script, {}, slow)).toBeInTheDocument();
    expect(screen.getByText(payloads.svg)).toBeInTheDocument();
    expectNoInjectedElements();
  });

  it('in the admin’s mailbox: contact messages', async () => {
    const message = { id: 7, email: 'x@example.com', name: payloads.image, message: payloads.script, createdAt: '2026-01-01T10:00:00.000Z' };
    mockApi({
      getSession: () => adminSession,
      getMessages: () => ({ items: [message], total: 1, page: 1, pageCount: 1, pageSize: 20 }),
    });
    renderApp('/admin/ContactUsd');
    const row = (await screen.findByText(payloads.script, {}, slow)).closest('tr')!;
    expect(within(row).getByText(payloads.image)).toBeInTheDocument();
    expectNoInjectedElements();
  });
});
