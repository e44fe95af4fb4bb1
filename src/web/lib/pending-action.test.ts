import { describe, expect, it } from 'vitest';
import { peekPendingAction, rememberPendingAction, takePendingAction } from './pending-action';

const storageKey = 'marketplace.pendingAction';

describe('pending actions', () => {
  it('remembers one action, answers the sign-in form back to the page, and gives it back once', () => {
    const signIn = rememberPendingAction({ kind: 'addToCart', courseId: 42 }, '/course/42');
    expect(signIn).toBe('/register?mode=signin&next=%2Fcourse%2F42');
    expect(takePendingAction()).toEqual({ kind: 'addToCart', courseId: 42 });
    expect(takePendingAction()).toBeNull();
  });

  it('sends to the sign-in form without a way back when the page to return to is not a safe path of the app', () => {
    expect(rememberPendingAction({ kind: 'favourite', courseId: 1 }, '//evil.example/course/1')).toBe('/register?mode=signin');
    expect(takePendingAction()).toEqual({ kind: 'favourite', courseId: 1 });
  });

  it('lets the sign-in form read the action and its course title without taking it; the runner gets no title', () => {
    rememberPendingAction({ kind: 'enrollFree', courseId: 7, title: 'Python desde cero' }, '/course/7');
    expect(peekPendingAction()).toEqual({ kind: 'enrollFree', courseId: 7, title: 'Python desde cero' });
    expect(peekPendingAction()).toEqual({ kind: 'enrollFree', courseId: 7, title: 'Python desde cero' });
    expect(takePendingAction()).toEqual({ kind: 'enrollFree', courseId: 7 });
    expect(peekPendingAction()).toBeNull();
  });

  it.each([
    ['not text', 42],
    ['blank', '   '],
    ['longer than any title', 'a'.repeat(501)],
  ])('keeps the action but not a title that is %s', (_case, title) => {
    window.sessionStorage.setItem(storageKey, JSON.stringify({ kind: 'addToCart', courseId: 3, title, savedAt: Date.now() }));
    expect(peekPendingAction()).toEqual({ kind: 'addToCart', courseId: 3 });
  });

  it('drops an action left for more than half an hour', () => {
    rememberPendingAction({ kind: 'enrollFree', courseId: 3 }, '/course/3');
    expect(takePendingAction(Date.now() + 31 * 60 * 1000)).toBeNull();
  });

  it.each([
    ['an action outside the fixed set', { kind: 'deleteAccount', courseId: 3, savedAt: Date.now() }],
    ['a course id that is not a whole positive number', { kind: 'addToCart', courseId: '3; drop', savedAt: Date.now() }],
    ['a negative course id', { kind: 'addToCart', courseId: -3, savedAt: Date.now() }],
    ['no time', { kind: 'addToCart', courseId: 3 }],
    ['a time in the future', { kind: 'addToCart', courseId: 3, savedAt: Date.now() + 60_000 }],
  ])('ignores, and forgets, %s written into storage', (_case, stored) => {
    window.sessionStorage.setItem(storageKey, JSON.stringify(stored));
    expect(takePendingAction()).toBeNull();
    expect(window.sessionStorage.getItem(storageKey)).toBeNull();
  });

  it('ignores storage that is not JSON', () => {
    window.sessionStorage.setItem(storageKey, '{not json');
    expect(takePendingAction()).toBeNull();
  });
});
