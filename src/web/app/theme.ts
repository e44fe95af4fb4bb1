import {
  convertCssVariables,
  createTheme,
  darken,
  DEFAULT_THEME,
  deepMerge,
  defaultCssVariablesResolver,
  mergeMantineTheme,
  type ConvertCSSVariablesInput,
  type CSSVariablesResolver,
} from '@mantine/core';

/**
 * Indigo on white. Shade 7 is the lightest indigo that keeps white button text and indigo
 * link text above the 4.5:1 contrast WCAG AA asks for (shade 6, Mantine's default, is 4.3).
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    fontWeight: '800',
  },
});

/**
 * Mantine's "dimmed" text (gray 6) is 3.3:1 on white; gray 7 reads 8:1 and still looks secondary.
 * Field errors (red 6, 3.6:1) use red 9 (5.5:1).
 *
 * Light badges, buttons and alerts write in shade 9 on shade 1 of their colour: 4.3:1 for teal,
 * 3.8:1 for green, under the 4.5:1 of small text. Shade 9 darkened by a third reads 6:1 or more
 * on shade 1 and 5:1 on the hover shade, for every colour of the theme.
 * (With the light variant write `color="red"`, never `color="red.9"`: given a shade, Mantine
 * paints the background in that shade and the text in the same hue.)
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolvedTheme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(
      Object.entries(resolvedTheme.colors)
        .filter(([name]) => name !== 'dark' && name !== 'gray')
        .map(([name, shades]) => [`--mantine-color-${name}-light-color`, darken(shades[9], 0.35)]),
    ),
  },
  dark: {},
});

/**
 * The theme's CSS variables, as Mantine's provider writes them: only those that differ from
 * Mantine's defaults (its stylesheet has those). The provider would work them out again on every
 * render, which costs about 1.5 ms per server-rendered page and as much while the page hydrates;
 * the theme never changes, so they are worked out once (AppProviders turns the provider's own off).
 */
export const themeCssVariables = ({ hydrating = false } = {}): string => (cssVariablesText ??= (hydrating ? serverCssVariables() : undefined) ?? resolveCssVariables());
let cssVariablesText: string | undefined;

/**
 * The text the server wrote, when the browser hydrates its page: working it out again would cost
 * about 20 ms of a phone's first task (Mantine's resolver, twice), for the same text.
 */
const serverCssVariables = () => (typeof document === 'undefined' ? undefined : (document.querySelector('style[data-mantine-styles="true"]')?.textContent ?? undefined));

function resolveCssVariables(): string {
  const resolved = mergeMantineTheme(DEFAULT_THEME, theme);
  const variables: ConvertCSSVariablesInput = deepMerge(defaultCssVariablesResolver(resolved), cssVariablesResolver(resolved));
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const differing = (group: keyof ConvertCSSVariablesInput) =>
    Object.fromEntries(Object.entries(variables[group]).filter(([name, value]) => defaults[group][name as keyof (typeof defaults)[typeof group]] !== value));
  return convertCssVariables({ variables: differing('variables'), light: differing('light'), dark: differing('dark') });
}
