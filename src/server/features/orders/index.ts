/** The orders area's one public entry: its feature plugin, and what other areas and the platform use of it. */
export { refundOrder } from './admin-orders';
export type { RefundProvider } from './admin-orders';
export { holdsCourse, isEnrolled, mayWatchCourse, revokeOrderCourses } from './enrollments';
export { ordersFeature } from './feature';
export { fulfilOrder, revokeOrder } from './fulfilment';
export { returnUrls } from './return-urls';
export { ordersRoutes } from './routes';
export { saleLineState, saleLines, saleLinesQuery, standingLine } from './sale-lines';
export { WEBHOOK_PATH } from './webhook-routes';
