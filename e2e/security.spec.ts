import { expect, test } from '@playwright/test';
import { demo, signInThroughApi } from './fixtures';

// The page's own console reports each blocked script: these tests expect those reports, so
// they use Playwright's plain `test` rather than the fixture that fails on console errors.

test.describe('Content-Security-Policy in the browser', () => {
  test('blocks a script injected into the page and reports the violation', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeVisible();

    const outcome = await page.evaluate(async () => {
      const win = window as Window & { __inlineScriptRan?: boolean; __inlineHandlerRan?: boolean };
      const violations: string[] = [];
      document.addEventListener('securitypolicyviolation', (event) => violations.push(event.effectiveDirective));
      // What an XSS would do: an inline <script> element, and markup with an inline event handler.
      const script = document.createElement('script');
      script.textContent = 'window.__inlineScriptRan = true';
      document.head.appendChild(script);
      const holder = document.createElement('div');
      holder.innerHTML = '<img src="/favicon.svg?csp" onload="window.__inlineHandlerRan = true" onerror="window.__inlineHandlerRan = true">';
      document.body.appendChild(holder);
      // Violation events are dispatched asynchronously; give the image time to load or fail.
      await new Promise((resolve) => setTimeout(resolve, 500));
      return { scriptRan: win.__inlineScriptRan === true, handlerRan: win.__inlineHandlerRan === true, violations };
    });

    expect(outcome.scriptRan).toBe(false);
    expect(outcome.handlerRan).toBe(false);
    expect(outcome.violations).toContain('script-src-elem');
    expect(outcome.violations).toContain('script-src-attr');
  });

  test('the app itself runs under the policy, and its same-origin calls that change data pass', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto('/');
    await signInThroughApi(page, demo.buyer.email, demo.buyer.password);
    await page.goto('/allcourses');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // A same-origin state-changing call from the page, as the web app makes them (Origin and Sec-Fetch-Site sent by the browser).
    const status = await page.evaluate(async () => {
      const response = await fetch('/api/favourites', { credentials: 'same-origin' });
      const list = (await fetch('/api/courses?pageSize=1').then((r) => r.json())) as { items: { id: number }[] };
      const put = await fetch(`/api/favourites/${list.items[0]!.id}`, { method: 'PUT', credentials: 'same-origin' });
      await fetch(`/api/favourites/${list.items[0]!.id}`, { method: 'DELETE', credentials: 'same-origin' });
      return [response.status, put.status];
    });
    expect(status).toEqual([200, 200]);
    expect(violations).toEqual([]);
  });
});
