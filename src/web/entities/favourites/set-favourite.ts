import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CourseSummary, FavouritesResponse } from '../../../shared/schemas/catalog';
import { endpoints } from '../../../shared/endpoints/endpoint-table';
import { call } from '../../lib/api-client';
import { favouriteKeys } from './favourite-keys';

export type SetFavouriteInput = { course: CourseSummary; favourite: boolean };

/** Marks a course as a favourite; marking it again changes nothing. */
export const markFavourite = (courseId: number) => call(endpoints.addFavourite, { params: { courseId } });

/** Idempotent both ways: PUT marks, DELETE unmarks; repeating either changes nothing. */
export const setFavourite = ({ course, favourite }: SetFavouriteInput) =>
  favourite ? markFavourite(course.id) : call(endpoints.removeFavourite, { params: { courseId: course.id } });

/**
 * The heart's toggle. The list updates at once (the heart fills before the server answers),
 * goes back if the call fails, and is refetched afterwards either way.
 */
export function useSetFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFavourite,
    onMutate: async ({ course, favourite }) => {
      await queryClient.cancelQueries({ queryKey: favouriteKeys.all });
      const previous = queryClient.getQueryData<FavouritesResponse>(favouriteKeys.all);
      if (previous) {
        const others = previous.items.filter((item) => item.id !== course.id);
        queryClient.setQueryData<FavouritesResponse>(favouriteKeys.all, { items: favourite ? [course, ...others] : others });
      }
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(favouriteKeys.all, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favouriteKeys.all }),
  });
}
