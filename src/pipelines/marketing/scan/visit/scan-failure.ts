import type { Refusal } from "../../../../net/guard.js";
import { PipelineFailure } from "../../../run.js";
import type { ManifestWarning } from "../../source/manifest.js";
import type { VisitProblem } from "./page-visit.js";

/**
 * What a page that could not be read means: for the start page the scan's failure (decision 0025's
 * codes, reasons safe to show: a host, never a path or query), for any other page a warning.
 */

const hostOf = (url: string): string => {
  try {
    return new URL(url).host;
  } catch {
    return "an unreadable address";
  }
};

function refusedRedirect(url: string, refusal: Refusal): PipelineFailure {
  const host = refusal.host ?? hostOf(url);
  if (refusal.problem === "blocked")
    return new PipelineFailure(
      "url_private",
      `the start page redirected to ${host}, a ${refusal.kind ?? "reserved"} address that is never visited`,
      false,
    );
  return new PipelineFailure(
    "url_invalid",
    `the start page redirected to ${host}, which cannot be visited (${refusal.problem})`,
    false,
  );
}

export function startPageFailure(problem: VisitProblem): PipelineFailure {
  switch (problem.problem) {
    case "unreachable":
      return new PipelineFailure("url_invalid", "the site could not be opened", false);
    case "http_error":
      return new PipelineFailure("url_invalid", `the site answered HTTP ${problem.status}`, false);
    case "non_html":
      return new PipelineFailure("source_unreadable", "not_html: the start page is not an HTML page", false);
    case "redirect_refused":
      return refusedRedirect(problem.url, problem.refusal);
    case "no_dom":
      return new PipelineFailure(
        "source_unreadable",
        "start_page_timeout: the start page showed nothing before its deadline",
        false,
      );
  }
}

/** A skipped page is not in the manifest's `pages`, so its warning names its path instead of an index. */
export function pageWarning(problem: VisitProblem, url: string): ManifestWarning {
  const path = (() => {
    try {
      return new URL(url).pathname.slice(0, 200);
    } catch {
      return "a page";
    }
  })();
  switch (problem.problem) {
    case "unreachable":
      return { code: "page_skipped", message: `${path} could not be opened` };
    case "http_error":
      return { code: "http_error", message: `${path} answered HTTP ${problem.status}` };
    case "non_html":
      return {
        code: "non_html_page",
        message: `${path} is not an HTML page (${(problem.contentType ?? "no content type").slice(0, 80)})`,
      };
    case "redirect_refused":
      return {
        code: "redirect_refused",
        message: `${path} led to ${problem.refusal.host ?? hostOf(problem.url)}, which is never visited`,
      };
    case "no_dom":
      return { code: "page_timeout", message: `${path} showed nothing before its deadline` };
  }
}
