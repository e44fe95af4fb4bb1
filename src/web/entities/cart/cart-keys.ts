/** Keys of everything cart-related; mutations invalidate `cartKeys.all`. */
export const cartKeys = {
  all: ['cart'] as const,
};
