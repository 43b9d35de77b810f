// Leaving the single-page app (the API's sign-in routes, the add-on listing) and closing the tab
// go through here, so tests can watch them: jsdom cannot navigate.
export const browserNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
  closeTab(): void {
    window.close();
  },
  reload(): void {
    window.location.reload();
  },
};
