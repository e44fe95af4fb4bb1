import { pageNames, pages, type PageName } from './pages';

export { matchPage, pageDeclaration, pageNames, pages, type PageName } from './pages';

/** Each page's pattern (src/shared/pages.ts), for the router and for whatever must tell pages from other paths. */
export const pagePatterns = Object.fromEntries(pageNames.map((page) => [page, pages[page].path])) as { [Page in PageName]: (typeof pages)[Page]['path'] };

/** The `:name` segments of a pattern, in order. */
type PathParameters<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? [Name, ...PathParameters<Rest>]
  : Pattern extends `${string}:${infer Name}`
    ? [Name]
    : [];

/** A page's query: a value left undefined is not written (`paths.register({ next })` with no `next` is `/register`). */
export type PageQuery = URLSearchParams | Record<string, string | undefined>;

/** One argument per `:name` of the pattern, then the query. */
type LinkBuilder<Pattern extends string> = (...args: [...ParameterValues<PathParameters<Pattern>>, query?: PageQuery]) => string;

type ParameterValues<Names> = Names extends [string, ...infer Rest] ? [string | number, ...ParameterValues<Rest>] : [];

/** The link to a page from its pattern: each `:name` filled in order (encoded), then the query. */
export function linkFrom<Pattern extends string>(pattern: Pattern): LinkBuilder<Pattern> {
  const parts = pattern.split('/');
  const parameterCount = parts.filter((part) => part.startsWith(':')).length;
  return ((...args: unknown[]) => {
    const values = args.slice(0, parameterCount).map(String);
    const query = args[parameterCount] as PageQuery | undefined;
    let next = 0;
    const path = parts.map((part) => (part.startsWith(':') ? encodeURIComponent(values[next++]!) : part)).join('/') || '/';
    const search = query instanceof URLSearchParams ? query : new URLSearchParams(Object.entries(query ?? {}).flatMap(([name, value]) => (value === undefined ? [] : [[name, value]])));
    const text = search.toString();
    return text ? `${path}?${text}` : path;
  }) as LinkBuilder<Pattern>;
}

/**
 * The link to every page: `paths.course(7)`, `paths.register({ next })`, `paths.allCourses(query)`.
 * `next` on /register: where to come back to once signed in (kept only if `safeReturnPath` accepts it).
 */
export const paths = Object.fromEntries(pageNames.map((page) => [page, linkFrom(pages[page].path)])) as {
  [Page in PageName]: LinkBuilder<(typeof pages)[Page]['path']>;
};
