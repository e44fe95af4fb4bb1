import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { enrollmentKeys } from '../enrollments/enrollment-keys';
import { progressKeys } from './progress-keys';
import { progressOutbox, type ProgressOutbox } from './save-progress';

/**
 * Marks a text or file lesson done or not done, as the learner says with the player's toggle
 * (nothing marks one by itself: a certificate says the learner did them), through the same
 * outbox as the videos' positions, then reads the course's progress and my courses again.
 */
export function useMarkLessonDone(courseId: number, outbox: ProgressOutbox = progressOutbox) {
  const queryClient = useQueryClient();
  return useCallback(
    async (lessonId: number, done: boolean) => {
      outbox.record({ lessonId, completed: done });
      const saved = await outbox.flush();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: progressKeys.course(courseId) }),
        saved ? queryClient.invalidateQueries({ queryKey: enrollmentKeys.list() }) : undefined,
      ]);
      return saved;
    },
    [courseId, outbox, queryClient],
  );
}
