import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCategory } from '../../../../shared/schemas/admin';
import { endpoints } from '../../../../shared/endpoints/endpoint-table';
import { call } from '../../../lib/api-client';
import { adminKeys } from '../../admin';

/**
 * The category endpoints, as one change type: create, rename, disable or enable a category,
 * and the same for a subcategory (creating one needs its category's id).
 */
export type CategoryChange =
  | { kind: 'createCategory'; name: string }
  | { kind: 'renameCategory'; id: number; name: string }
  | { kind: 'disableCategory' | 'enableCategory'; id: number }
  | { kind: 'createSubcategory'; categoryId: number; name: string }
  | { kind: 'renameSubcategory'; id: number; name: string }
  | { kind: 'disableSubcategory' | 'enableSubcategory'; id: number };

export function changeCategory(change: CategoryChange): Promise<AdminCategory> {
  switch (change.kind) {
    case 'createCategory':
      return call(endpoints.createCategory, { body: { name: change.name } });
    case 'renameCategory':
      return call(endpoints.renameCategory, { params: { id: change.id }, body: { name: change.name } });
    case 'disableCategory':
      return call(endpoints.disableCategory, { params: { id: change.id } });
    case 'enableCategory':
      return call(endpoints.enableCategory, { params: { id: change.id } });
    case 'createSubcategory':
      return call(endpoints.createSubcategory, { params: { id: change.categoryId }, body: { name: change.name } });
    case 'renameSubcategory':
      return call(endpoints.renameSubcategory, { params: { id: change.id }, body: { name: change.name } });
    case 'disableSubcategory':
      return call(endpoints.disableSubcategory, { params: { id: change.id } });
    case 'enableSubcategory':
      return call(endpoints.enableSubcategory, { params: { id: change.id } });
  }
}

export function useChangeCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCategory,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.categories() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
}
