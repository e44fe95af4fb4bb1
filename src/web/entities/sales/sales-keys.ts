/** Keys of teachers' sales; a refund (or anything that moves an order) invalidates `salesKeys.all`. */
export const salesKeys = {
  all: ['sales'] as const,
  mine: () => [...salesKeys.all, 'mine'] as const,
  ofTeacher: (userId: string) => [...salesKeys.all, 'teacher', userId] as const,
};
