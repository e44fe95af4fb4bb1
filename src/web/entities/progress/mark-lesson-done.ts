import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { enrollmentKeys } from '../enrollments/enrollment-keys';
import { progressKeys } from './progress-keys';
import { progressOutbox, type ProgressOutbox } from './save-progress';

/**
 * Marks a lesson done (a text read to its end, a file downloaded or marked done), through the
 * same outbox as the videos' positions, then reads the course's progress and my courses again.
 */
export function useMarkLessonDone(courseId: number, outbox: ProgressOutbox = progressOutbox) {
  const queryClient = useQueryClient();
  return useCallback(
    async (lessonId: number) => {
      outbox.record({ lessonId, completed: true });
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
