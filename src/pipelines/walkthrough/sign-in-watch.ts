import type { Frame, Page, Request } from "playwright-core";

/** Signs that a submitted sign-in form was sent, recorded from the moment the watch starts. */
export interface SubmissionWatch {
  /** The page asked the network for something: a document, a fetch or an XHR. */
  readonly sent: boolean;
  /**
   * The main frame has a new document (its DOMContentLoaded fired) or another address (a fragment change
   * does not count). A document request alone is not enough: the old page shows until the answer commits.
   */
  readonly navigated: boolean;
  stop(): void;
}

const withoutFragment = (url: string) => url.split("#")[0];

/**
 * Watches the page for a submission: a main-frame document request, a fetch/XHR (a script-driven login),
 * a new main document, or the main frame's address changing (a single-page app's route). A link
 * `href="#"` that only changes the fragment is not a submission.
 */
export function watchSubmission(page: Page): SubmissionWatch {
  const start = withoutFragment(page.url());
  let sent = false;
  let navigated = false;
  const onRequest = (request: Request) => {
    let main: boolean;
    try {
      main = request.frame() === page.mainFrame();
    } catch {
      return; // a service worker's request: no frame
    }
    if (request.isNavigationRequest()) {
      if (main) sent = true;
    } else if (["fetch", "xhr"].includes(request.resourceType())) sent = true;
  };
  const onNavigated = (frame: Frame) => {
    if (frame === page.mainFrame() && withoutFragment(frame.url()) !== start) sent = navigated = true;
  };
  const onLoaded = () => {
    sent = navigated = true;
  };
  page.on("request", onRequest);
  page.on("framenavigated", onNavigated);
  page.on("domcontentloaded", onLoaded);
  return {
    get sent() {
      return sent;
    },
    get navigated() {
      return navigated;
    },
    stop() {
      page.off("request", onRequest);
      page.off("framenavigated", onNavigated);
      page.off("domcontentloaded", onLoaded);
    },
  };
}
