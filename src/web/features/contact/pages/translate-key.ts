/**
 * Field errors are catalogue keys chosen at run time (by a shared schema or by the server),
 * so they cannot be checked as typed keys; this looks one up in the given `t`.
 */
export const translateKey = (t: unknown, key: string): string => (t as (key: string) => string)(key);
