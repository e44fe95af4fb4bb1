/** Keys of certificates: mine, and the public verification of each code. */
export const certificateKeys = {
  all: ['certificates'] as const,
  mine: () => [...certificateKeys.all, 'mine'] as const,
  verification: (code: string) => [...certificateKeys.all, 'verification', code] as const,
};
