import { mergeMantineTheme, DEFAULT_THEME, MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme, themeCssVariables } from './theme';

const channels = (colour: string): number[] => {
  const rgb = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(colour);
  if (rgb) return rgb.slice(1, 4).map(Number);
  return [1, 3, 5].map((at) => parseInt(colour.slice(at, at + 2), 16));
};
const luminance = (colour: string) => {
  const [r, g, b] = channels(colour).map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

describe('theme', () => {
  const resolved = mergeMantineTheme(DEFAULT_THEME, theme);
  const variables = cssVariablesResolver(resolved).light;

  it('writes light badges and buttons at WCAG AA contrast on their background and its hover shade, in every colour', () => {
    const colours = Object.keys(resolved.colors).filter((name) => name !== 'dark' && name !== 'gray');
    expect(colours).toContain('teal');
    for (const name of colours) {
      const text = variables[`--mantine-color-${name}-light-color`];
      expect(text, name).toBeDefined();
      // Mantine's light variant: background shade 1, hover shade 2.
      expect(contrast(text!, resolved.colors[name]![1]), `${name} on shade 1`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(text!, resolved.colors[name]![2]), `${name} on shade 2`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('works out once the same CSS variables as the ones Mantine writes on every render', () => {
    const html = renderToStaticMarkup(<MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} />);
    const written = /<style data-mantine-styles="true">([^<]*)<\/style>/.exec(html)?.[1];
    expect(written).toContain('--mantine-color-dimmed');
    expect(themeCssVariables()).toBe(written);
  });
});
