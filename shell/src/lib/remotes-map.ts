/**
 * The id of the JSON data block in which the site host writes the remotes map into each page it serves
 * (tools/build/host/page.mjs). The shell reads it through the DOM, the service worker from the page's text.
 */
export const REMOTES_MAP_ELEMENT_ID = 'remotes-map';
