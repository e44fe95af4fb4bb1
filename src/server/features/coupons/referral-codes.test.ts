import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  cookieValue,
  deriveReferralKey,
  randomReferralCode,
  readReferralAttributions,
  REFERRAL_CODE_LENGTH,
  REFERRAL_COOKIE,
  REFERRAL_COOKIE_MAX_ENTRIES,
  referralCookieHeader,
  signReferralAttributions,
  withReferralAttribution,
  type ReferralAttribution,
} from './referral-codes';

const DAY_MS = 24 * 60 * 60 * 1000;
const WINDOW_MS = 7 * DAY_MS;
const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const key = deriveReferralKey('a-secret-long-enough-for-the-tests-0123456789');
const teacher = 'a1b2c3d4-0000-4000-8000-000000000001';
const otherTeacher = 'a1b2c3d4-0000-4000-8000-000000000002';

const header = (entries: ReferralAttribution[], signingKey = key) => `session=abc; ${REFERRAL_COOKIE}=${signReferralAttributions(signingKey, entries)}; theme=dark`;

describe('referral attributions', () => {
  it('reads back what it signed: one attribution per course, without the time', () => {
    const entries = [
      { courseId: 7, teacherId: teacher, at: NOW - DAY_MS },
      { courseId: 9, teacherId: otherTeacher, at: NOW - 60_000 },
    ];
    expect(readReferralAttributions(header(entries), key, NOW, WINDOW_MS)).toEqual([
      { courseId: 7, teacherId: teacher },
      { courseId: 9, teacherId: otherTeacher },
    ]);
  });

  it('reads nothing from no cookie, another cookie, a garbled one or an unsigned one', () => {
    expect(readReferralAttributions(undefined, key, NOW, WINDOW_MS)).toEqual([]);
    expect(readReferralAttributions('session=abc', key, NOW, WINDOW_MS)).toEqual([]);
    expect(readReferralAttributions(`${REFERRAL_COOKIE}=garbage`, key, NOW, WINDOW_MS)).toEqual([]);
    expect(readReferralAttributions(`${REFERRAL_COOKIE}=a.b.c`, key, NOW, WINDOW_MS)).toEqual([]);
    const payload = Buffer.from(JSON.stringify([[7, teacher, NOW / 1000]])).toString('base64url');
    expect(readReferralAttributions(`${REFERRAL_COOKIE}=${payload}`, key, NOW, WINDOW_MS)).toEqual([]);
    expect(readReferralAttributions(`${REFERRAL_COOKIE}=${payload}.`, key, NOW, WINDOW_MS)).toEqual([]);
  });

  it('ignores a cookie signed with another key, or whose content was changed after signing', () => {
    const entries = [{ courseId: 7, teacherId: teacher, at: NOW }];
    expect(readReferralAttributions(header(entries, deriveReferralKey('another-secret-entirely-0123456789')), key, NOW, WINDOW_MS)).toEqual([]);
    const [payload, signature] = signReferralAttributions(key, entries).split('.');
    const forged = Buffer.from(JSON.stringify([[7, otherTeacher, NOW / 1000]])).toString('base64url');
    expect(readReferralAttributions(`${REFERRAL_COOKIE}=${forged}.${signature}`, key, NOW, WINDOW_MS)).toEqual([]);
    expect(readReferralAttributions(`${REFERRAL_COOKIE}=${payload}.${signature!.slice(0, -2)}AA`, key, NOW, WINDOW_MS)).toEqual([]);
  });

  it('keeps only the attributions inside the window (and none from the future)', () => {
    const entries = [
      { courseId: 1, teacherId: teacher, at: NOW - WINDOW_MS - 1000 },
      { courseId: 2, teacherId: teacher, at: NOW - WINDOW_MS + 1000 },
      { courseId: 3, teacherId: teacher, at: NOW + DAY_MS },
    ];
    expect(readReferralAttributions(header(entries), key, NOW, WINDOW_MS)).toEqual([{ courseId: 2, teacherId: teacher }]);
    // The same cookie a day later: nothing left.
    expect(readReferralAttributions(header(entries), key, NOW + DAY_MS, WINDOW_MS)).toEqual([{ courseId: 3, teacherId: teacher }]);
  });

  it('skips malformed entries of a signed cookie', () => {
    const payload = Buffer.from(JSON.stringify([[7, teacher, NOW / 1000], ['8', teacher, NOW / 1000], [9, 42, NOW / 1000], [10, teacher], { courseId: 11 }])).toString('base64url');
    const signed = `${payload}.${createHmac('sha256', key).update(payload).digest('base64url')}`;
    expect(readReferralAttributions(`${REFERRAL_COOKIE}=${signed}`, key, NOW, WINDOW_MS)).toEqual([{ courseId: 7, teacherId: teacher }]);
    // A signature over another payload: rejected whole.
    const misSigned = `${payload}.${signReferralAttributions(key, []).split('.')[1]}`;
    expect(readReferralAttributions(`${REFERRAL_COOKIE}=${misSigned}`, key, NOW, WINDOW_MS)).toEqual([]);
  });

  it('lets the last link followed for a course win, and remembers a bounded number of courses', () => {
    let entries: ReferralAttribution[] = [];
    entries = withReferralAttribution(entries, { courseId: 1, teacherId: teacher, at: NOW - 2000 });
    entries = withReferralAttribution(entries, { courseId: 2, teacherId: teacher, at: NOW - 1000 });
    entries = withReferralAttribution(entries, { courseId: 1, teacherId: otherTeacher, at: NOW });
    expect(entries).toEqual([
      { courseId: 2, teacherId: teacher, at: NOW - 1000 },
      { courseId: 1, teacherId: otherTeacher, at: NOW },
    ]);
    for (let courseId = 100; courseId < 100 + REFERRAL_COOKIE_MAX_ENTRIES + 5; courseId += 1) {
      entries = withReferralAttribution(entries, { courseId, teacherId: teacher, at: NOW + courseId });
    }
    expect(entries).toHaveLength(REFERRAL_COOKIE_MAX_ENTRIES);
    expect(entries.at(-1)!.courseId).toBe(100 + REFERRAL_COOKIE_MAX_ENTRIES + 4);
    const value = signReferralAttributions(key, entries);
    expect(value.length).toBeLessThan(3000);
    expect(readReferralAttributions(`${REFERRAL_COOKIE}=${value}`, key, NOW + 1000, WINDOW_MS)).toHaveLength(REFERRAL_COOKIE_MAX_ENTRIES);
  });

  it('writes an HttpOnly, SameSite=Lax cookie for the whole site and the window; Secure over HTTPS', () => {
    expect(referralCookieHeader('v', { maxAgeMs: WINDOW_MS, secure: false })).toBe(`${REFERRAL_COOKIE}=v; Path=/; Max-Age=${7 * 24 * 3600}; HttpOnly; SameSite=Lax`);
    expect(referralCookieHeader('v', { maxAgeMs: WINDOW_MS, secure: true })).toMatch(/; Secure$/);
  });

  it('finds a cookie by its exact name', () => {
    expect(cookieValue(`x${REFERRAL_COOKIE}=1; ${REFERRAL_COOKIE}=2`, REFERRAL_COOKIE)).toBe('2');
    expect(cookieValue('a=1', REFERRAL_COOKIE)).toBeUndefined();
  });

  it('draws codes of the unambiguous alphabet', () => {
    for (let index = 0; index < 50; index += 1) expect(randomReferralCode()).toMatch(new RegExp(`^[A-HJKMNP-Z2-9]{${REFERRAL_CODE_LENGTH}}$`));
  });
});
