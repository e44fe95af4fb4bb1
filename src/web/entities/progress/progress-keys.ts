/** Keys of where I am in my courses' lessons; a save changes my courses' progress too (`enrollmentKeys`). */
export const progressKeys = {
  all: ['progress'] as const,
  course: (courseId: number) => [...progressKeys.all, courseId] as const,
};
