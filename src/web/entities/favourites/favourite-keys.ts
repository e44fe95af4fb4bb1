/** Keys of the user's favourites; marking or unmarking a course invalidates `favouriteKeys.all`. */
export const favouriteKeys = {
  all: ['favourites'] as const,
};
