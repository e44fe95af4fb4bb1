/**
 * The curriculum editor: sections, lessons and their resources.
 *
 * The feature's public entry: app/ and other features import only this file. Its pages are
 * reached through the page table (src/shared/pages.ts), which the router loads one chunk per page.
 */
export { CurriculumEditor } from './components/curriculum-editor';
