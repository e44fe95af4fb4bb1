/** Keys of where I stopped in my courses' videos; a save changes my courses' progress too (`enrollmentKeys`). */
export const progressKeys = {
  all: ['progress'] as const,
  course: (courseId: number) => [...progressKeys.all, courseId] as const,
};
