/**
 * The contact form, and the admin's messages.
 *
 * The feature's public entry: app/ and other features import only this file. Its pages are
 * reached through the page table (src/shared/pages.ts), which the router loads one chunk per page.
 */
// Nothing of it is used elsewhere: its pages are its whole surface.
export {};
