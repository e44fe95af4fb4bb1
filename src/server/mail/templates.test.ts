import { describe, expect, it } from 'vitest';
import { languages } from '../../shared/languages';
import { detectLanguage } from '../../shared/i18n/language-detection';
import { renderMail, type MailData, type MailKind } from './templates';

const publicUrl = 'https://cursos.example.com';

const mails: { [K in MailKind]: { data: MailData[K]; path: string; token?: string } } = {
  'verify-email': { data: { token: 'eyJ.verify' }, path: '/verify-email', token: 'eyJ.verify' },
  'password-reset': { data: { token: 'reset@token' }, path: '/reset-password', token: 'reset@token' },
  'approve-email-change': { data: { token: 'approve-1', newEmail: 'new@example.com' }, path: '/approve-email-change', token: 'approve-1' },
  'confirm-new-email': { data: { token: 'confirm-1', newEmail: 'new@example.com' }, path: '/confirm-email-change', token: 'confirm-1' },
  receipt: { data: { orderId: 'a1b2c3d4-0000', amountTotal: 0, items: [{ title: 'Python', priceCents: 0 }] }, path: '/mycourses' },
  refund: { data: { orderId: 'a1b2c3d4-0000', amountTotal: 1999, items: [{ title: 'Python', priceCents: 1999 }] }, path: '/mycourses' },
  'new-sale': { data: { orderId: 'a1b2c3d4-0000', items: [{ title: 'Python', priceCents: 1999 }] }, path: '/coursescreated' },
  'sale-refunded': { data: { orderId: 'a1b2c3d4-0000', items: [{ title: 'Python', priceCents: 1999 }] }, path: '/coursescreated/earnings' },
  'assignment-reviewed': { data: { courseId: 7, courseTitle: 'Python', lessonTitle: 'Ensayo', outcome: 'passed', points: 8, maxPoints: 10 }, path: '/mycourses/7' },
};

describe('the links in the e-mails', () => {
  describe.each(languages)('in a mail written in %s', (language) => {
    it.each(Object.keys(mails) as MailKind[])('%s opens the web app in that language, whatever the browser reads', (kind) => {
      const { data, path, token } = mails[kind];
      const mail = renderMail(kind, data as never, language, publicUrl);
      const link = new URL(mail.link);
      expect(`${link.origin}${link.pathname}`).toBe(`${publicUrl}${path}`);
      expect(link.searchParams.get('lang')).toBe(language);
      if (token) expect(link.searchParams.get('token')).toBe(token);
      // The app's and the server's own choice of language, for a browser set to the other one.
      const otherBrowser = languages.filter((other) => other !== language);
      expect(detectLanguage({ search: link.search, storedChoice: otherBrowser[0] ?? null, browserLanguages: otherBrowser })).toBe(language);
      // The same link in the text and in the HTML (escaped there).
      expect(mail.text).toContain(mail.link);
      expect(mail.html).toContain(`href="${mail.link.replaceAll('&', '&amp;')}"`);
    });
  });
});

describe('a discounted line in the receipt', () => {
  const line = { title: 'Python', priceCents: 1500, listPriceCents: 3000, discountCents: 1500 };

  it('names the coupon that made the discount', () => {
    const mail = renderMail('receipt', { orderId: 'a1b2c3d4-0000', amountTotal: 1500, items: [{ ...line, couponCode: 'MITAD' }] }, 'en', publicUrl);
    expect(mail.text).toContain('Python: $15 USD (list price $30 USD; coupon MITAD)');
  });

  it('shows the discount without a coupon when the order no longer carries one (paid past the coupon’s cap)', () => {
    const mail = renderMail('receipt', { orderId: 'a1b2c3d4-0000', amountTotal: 1500, items: [{ ...line, couponCode: null }] }, 'en', publicUrl);
    expect(mail.text).toContain('Python: $15 USD (list price $30 USD)');
    expect(mail.text).not.toContain('coupon');
  });
});
