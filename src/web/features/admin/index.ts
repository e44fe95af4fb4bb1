/**
 * The admin's shell: the overview, the audit log, and what every area's admin page is built with
 * (the admin-only guard, the page frame, list controls, confirmations, the admin query keys).
 *
 * The feature's public entry: app/ and other features import only this file. Its pages are
 * reached through the page table (src/shared/pages.ts), which the router loads one chunk per page.
 */
export { adminKeys } from './api/keys';
export type { ListParams, OrderListParams } from './api/keys';
export { adminOnly } from './components/admin-only';
export { AdminPage } from './components/admin-page';
export { confirmAndRun } from './components/confirm-flow';
export { formatDateTime } from './components/format';
export { Pager, SearchBox, StatusSelect } from './components/list-controls';
export { ListState } from './components/list-states';
export { useListParams } from './components/use-list-params';
