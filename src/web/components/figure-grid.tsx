import { Paper, SimpleGrid, type SimpleGridProps, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type Figure = {
  /** Also the tile's key: labels are unique within one grid. */
  label: string;
  value: ReactNode;
  /** A second, smaller line under the value, such as what the figure leaves out. */
  note?: ReactNode;
};

type FigureGridProps = Omit<SimpleGridProps, 'children'> & {
  figures: Figure[];
};

/**
 * Headline figures as bordered tiles. A description list, so a screen reader reads each value
 * with its label (term, then definition) rather than as loose numbers.
 */
export function FigureGrid({ figures, ...props }: FigureGridProps) {
  return (
    <SimpleGrid component="dl" {...props}>
      {figures.map((figure) => (
        <Paper key={figure.label} withBorder p="md">
          <Text component="dt" size="sm" c="dimmed">
            {figure.label}
          </Text>
          <Text component="dd" fw={700} size="xl" m={0}>
            {figure.value}
          </Text>
          {figure.note ? (
            <Text component="dd" size="xs" c="dimmed" m={0}>
              {figure.note}
            </Text>
          ) : null}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
