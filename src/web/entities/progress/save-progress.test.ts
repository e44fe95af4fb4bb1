import { describe, expect, it, vi } from 'vitest';
import type { LessonProgressEntry } from '../../../shared/schemas/progress';
import { ApiError } from '../../lib/api-client';
import { ProgressOutbox } from './save-progress';
import { formatPlaybackTime, resumePosition } from './use-video-progress';

const at = (lessonId: number, positionSeconds: number): LessonProgressEntry => ({ lessonId, positionSeconds });

describe('ProgressOutbox', () => {
  it('keeps the last mark of a lesson, done or not done, with its latest position until sent, and sends a mark once', async () => {
    const send = vi.fn().mockResolvedValue({ saved: 2 });
    const outbox = new ProgressOutbox(send);
    outbox.record({ lessonId: 3, completed: true });
    outbox.record(at(3, 40));
    outbox.record({ lessonId: 4, completed: true });
    outbox.record({ lessonId: 5, completed: true });
    outbox.record({ lessonId: 5, completed: false });
    await outbox.flush();
    expect(send).toHaveBeenCalledWith(
      [{ ...at(3, 40), completed: true }, { lessonId: 4, positionSeconds: undefined, completed: true }, { lessonId: 5, positionSeconds: undefined, completed: false }],
      { keepalive: false },
    );
    outbox.record({ lessonId: 4, completed: true });
    expect(outbox.size).toBe(0);
    // Taking the mark back is a change, sent.
    outbox.record({ lessonId: 4, completed: false });
    expect(outbox.size).toBe(1);
  });

  it('sends the latest position of each lesson, all in one request, and nothing when nothing changed', async () => {
    const send = vi.fn().mockResolvedValue({ saved: 2 });
    const outbox = new ProgressOutbox(send);
    outbox.record(at(1, 10));
    outbox.record(at(1, 15));
    outbox.record(at(7, 3));
    expect(await outbox.flush()).toBe(true);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith([at(1, 15), at(7, 3)], { keepalive: false });

    // A paused player records the same position again: nothing to send.
    outbox.record(at(1, 15.2));
    expect(outbox.size).toBe(0);
    expect(await outbox.flush()).toBe(true);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('splits more than 20 lessons into requests of 20 (the endpoint’s batch)', async () => {
    const send = vi.fn().mockResolvedValue({ saved: 20 });
    const outbox = new ProgressOutbox(send);
    for (let lessonId = 1; lessonId <= 25; lessonId++) outbox.record(at(lessonId, 5));
    await outbox.flush();
    expect(send.mock.calls.map(([positions]) => (positions as unknown[]).length)).toEqual([20, 5]);
  });

  it('keeps positions that could not be sent for the next flush, unless a newer one came meanwhile', async () => {
    const send = vi.fn().mockRejectedValueOnce(new ApiError({ code: 'NETWORK', status: 0, message: 'offline' })).mockResolvedValue({ saved: 1 });
    const outbox = new ProgressOutbox(send);
    outbox.record(at(1, 10));
    outbox.record(at(2, 10));
    const first = outbox.flush();
    outbox.record(at(1, 20));
    expect(await first).toBe(false);
    expect(await outbox.flush()).toBe(true);
    expect(send).toHaveBeenLastCalledWith([at(1, 20), at(2, 10)], { keepalive: false });
  });

  it('drops positions the server refused (a refunded course, a signed-out user)', async () => {
    const send = vi.fn().mockRejectedValueOnce(new ApiError({ code: 'NOT_ENROLLED', status: 403, message: 'no' }));
    const outbox = new ProgressOutbox(send);
    outbox.record(at(1, 10));
    expect(await outbox.flush()).toBe(false);
    expect(outbox.size).toBe(0);
  });

  it('sends one save after the other, so an older position never lands last; a keepalive save goes at once', async () => {
    const sent: string[] = [];
    const releases: (() => void)[] = [];
    const send = vi.fn((positions: LessonProgressEntry[], { keepalive }: { keepalive: boolean }) => {
      sent.push(`${keepalive ? 'keepalive ' : ''}${positions.map((position) => `${position.lessonId}@${position.positionSeconds}`).join(',')}`);
      return new Promise<void>((resolve) => releases.push(resolve));
    });
    const outbox = new ProgressOutbox(send);
    outbox.record(at(1, 10));
    const first = outbox.flush();
    await vi.waitFor(() => expect(sent).toEqual(['1@10']));
    outbox.record(at(1, 20));
    const second = outbox.flush();
    // The page goes away while the first save is on its way: the last position cannot wait.
    outbox.record(at(2, 5));
    void outbox.flush({ keepalive: true });
    expect(sent).toEqual(['1@10', 'keepalive 1@20,2@5']);
    releases.forEach((release) => release());
    await Promise.all([first, second]);
    // The second flush found nothing left to send.
    expect(sent).toHaveLength(2);
  });

  it('waits for the save on its way before sending the next', async () => {
    const sent: number[] = [];
    const releases: (() => void)[] = [];
    const outbox = new ProgressOutbox((positions) => {
      sent.push(positions[0]!.positionSeconds ?? -1);
      return new Promise<void>((resolve) => releases.push(resolve));
    });
    outbox.record(at(1, 10));
    const first = outbox.flush();
    await vi.waitFor(() => expect(sent).toEqual([10]));
    outbox.record(at(1, 20));
    const second = outbox.flush();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent).toEqual([10]);
    releases[0]!();
    await first;
    await vi.waitFor(() => expect(sent).toEqual([10, 20]));
    releases[1]!();
    expect(await second).toBe(true);
  });
});

describe('resuming', () => {
  it('resumes from a position inside the video, not at its start or its very end', () => {
    expect(resumePosition(undefined)).toBeNull();
    expect(resumePosition({ positionSeconds: 0, durationSeconds: 600 })).toBeNull();
    expect(resumePosition({ positionSeconds: 192, durationSeconds: 600 })).toBe(192);
    expect(resumePosition({ positionSeconds: 590, durationSeconds: 600 })).toBe(590);
    expect(resumePosition({ positionSeconds: 598, durationSeconds: 600 })).toBeNull();
  });

  it('writes positions as a player does', () => {
    expect(formatPlaybackTime(192)).toBe('3:12');
    expect(formatPlaybackTime(7.9)).toBe('0:07');
    expect(formatPlaybackTime(3723)).toBe('1:02:03');
  });
});
