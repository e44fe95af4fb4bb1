/** Keys of the user's courses; a purchase or a free enrolment invalidates `enrollmentKeys.all`. */
export const enrollmentKeys = {
  all: ['enrollments'] as const,
  list: () => [...enrollmentKeys.all, 'list'] as const,
  detail: (courseId: number) => [...enrollmentKeys.all, 'detail', courseId] as const,
};
