/** Keys of the user's orders: the list and each checkout's confirmation. */
export const orderKeys = {
  all: ['orders'] as const,
  list: () => [...orderKeys.all, 'list'] as const,
  confirmation: (sessionId: string) => [...orderKeys.all, 'confirmation', sessionId] as const,
};
