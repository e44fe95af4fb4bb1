import { SimpleGrid, Skeleton, UnstyledButton } from '@mantine/core';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../shared/paths';
import { categoryIconUrl, coverHueOfName, useCategoryName } from '../../../entities/courses/category-names';
import { useCategories } from '../../../entities/courses/get-categories';
import classes from './category-grid.module.css';

/** Every active category as a tile leading to the catalogue filtered by it. */
export function CategoryGrid() {
  const categories = useCategories();
  const categoryName = useCategoryName();
  if (categories.isError) return null;
  return (
    <SimpleGrid component="ul" cols={{ base: 2, xs: 3, md: 5 }} spacing="sm" className={classes.grid}>
      {categories.data
        ? categories.data.items.map((category) => (
            <li key={category.id}>
              <UnstyledButton
                component={Link}
                to={paths.allCourses({ categoryId: String(category.id) })}
                className={classes.tile}
                style={{ '--cover-hue': coverHueOfName(category.name) } as CSSProperties}
              >
                <img src={categoryIconUrl(category.name)} alt="" width={40} height={40} className={classes.icon} />
                <span>{categoryName(category.name)}</span>
              </UnstyledButton>
            </li>
          ))
        : Array.from({ length: 10 }, (_, index) => (
            <li key={index}>
              <Skeleton height={64} radius="md" />
            </li>
          ))}
    </SimpleGrid>
  );
}
