import type { ActivityFilter } from '../../../../shared/schemas/admin';
import type { PaymentStatus } from '../../../../shared/limits';

export type ListParams = { status: ActivityFilter; q: string; page: number };
/** `abandoned`: the checkouts never paid, which the list leaves out unless asked; `number`: an order number or its beginning. */
export type OrderListParams = { status: PaymentStatus | 'abandoned' | undefined; page: number; number?: string };

/** Every admin query key, so that a change invalidates exactly what it affects. */
export const adminKeys = {
  all: ['admin'] as const,
  dashboard: () => [...adminKeys.all, 'dashboard'] as const,
  courses: () => [...adminKeys.all, 'courses'] as const,
  courseList: (params: ListParams) => [...adminKeys.courses(), 'list', params] as const,
  course: (id: number) => [...adminKeys.courses(), 'detail', id] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userList: (params: ListParams) => [...adminKeys.users(), 'list', params] as const,
  user: (id: string) => [...adminKeys.users(), 'detail', id] as const,
  categories: () => [...adminKeys.all, 'categories'] as const,
  orders: () => [...adminKeys.all, 'orders'] as const,
  orderList: (params: OrderListParams) => [...adminKeys.orders(), params] as const,
  messages: () => [...adminKeys.all, 'messages'] as const,
  messageList: (page: number) => [...adminKeys.messages(), page] as const,
  audit: () => [...adminKeys.all, 'audit'] as const,
  auditList: (page: number) => [...adminKeys.audit(), page] as const,
};
