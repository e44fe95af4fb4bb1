import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCategory } from '../../../../shared/schemas/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

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
      return api.post('/api/admin/categories', { name: change.name });
    case 'renameCategory':
      return api.patch(`/api/admin/categories/${change.id}`, { name: change.name });
    case 'disableCategory':
      return api.post(`/api/admin/categories/${change.id}/disable`);
    case 'enableCategory':
      return api.post(`/api/admin/categories/${change.id}/enable`);
    case 'createSubcategory':
      return api.post(`/api/admin/categories/${change.categoryId}/subcategories`, { name: change.name });
    case 'renameSubcategory':
      return api.patch(`/api/admin/subcategories/${change.id}`, { name: change.name });
    case 'disableSubcategory':
      return api.post(`/api/admin/subcategories/${change.id}/disable`);
    case 'enableSubcategory':
      return api.post(`/api/admin/subcategories/${change.id}/enable`);
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
