import { describe, expect, it } from "vitest";
import { ApiFailure, type Details } from "../src/api/failure";
import { refusalLines, refusalSentence } from "../src/api/refusals";

const refused = (code: ApiFailure["code"], details: Details = {}, status = 400) =>
  new ApiFailure(status, code, "The service's own sentence.", details, "req_abc");

describe("the marketing pages' refusals said plainly", () => {
  it("quotes the words of a sentence edit it could not place, as text", () => {
    expect(refusalSentence(refused("edit_not_understood", { unparsed: "<b>sparkle</b>" }))).toBe(
      "Nothing was changed: this part was not understood: “<b>sparkle</b>”.",
    );
  });

  it("names the numbers a person needs: the current revision, the lengths offered, the seconds short", () => {
    expect(refusalSentence(refused("revision_conflict", { expectedRevision: 2, currentRevision: 3 }, 409))).toContain(
      "it is now at revision 3",
    );
    expect(refusalSentence(refused("unsupported_duration", { seconds: 10, offered: [15, 30, 45] }))).toBe(
      "This template is not offered in that length. Choose one of: 15, 30, 45 seconds.",
    );
    expect(refusalSentence(refused("insufficient_seconds", { needed: 12, available: 3 }, 402))).toBe(
      "This video needs 12 seconds and your balance has 3 available. Add time, or choose a shorter length.",
    );
  });

  it("lists a brand kit's problems under the form's labels", () => {
    const failure = refused("invalid_brand_kit", {
      issues: [{ path: "body.colors.text", code: "contrast_too_low", message: "has a contrast of 1.91:1" }],
    });
    expect(refusalSentence(failure)).toBe("Some of the brand kit cannot be accepted:");
    expect(refusalLines(failure, { "colors.text": "Text" })).toEqual(["Text: has a contrast of 1.91:1"]);
  });
});
