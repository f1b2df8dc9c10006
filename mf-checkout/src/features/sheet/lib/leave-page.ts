/**
 * Sends the browser to the provider's pay page. An object, so a test can watch where the page would go (jsdom does
 * not navigate).
 */
export const pageExit = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
