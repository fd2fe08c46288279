import { describe, expect, it } from "vitest";
import { ApiFailure, type Details } from "../src/api/failure";
import { refusalSentence } from "../src/api/refusals";
import { stageWords } from "../src/pages/walkthroughs/jobs";
import { NO_OPTIONS, optionsBody } from "../src/pages/walkthroughs/options";
import { actionWords, type Beat, quoteBody } from "../src/pages/walkthroughs/plan-file";

const refused = (code: ApiFailure["code"], details: Details = {}, status = 400) =>
  new ApiFailure(status, code, "The service's own sentence.", details, "req_abc");

const beat = (over: Partial<Beat>): Beat => ({
  id: "b1",
  title: "Pricing",
  action: "click",
  target: { role: "link", name: "Pricing" },
  url: "https://acme.example/pricing",
  narration: "Here are the plans.",
  estimatedSeconds: 6,
  ...over,
});

describe("the walkthrough pages' words and requests", () => {
  it("says what a beat does with the site's own names", () => {
    expect(actionWords(beat({}))).toBe("Clicks “Pricing”");
    expect(actionWords(beat({ action: "type", value: "jane@example.com", target: { name: "Work email" } }))).toBe(
      "Types “jane@example.com” into “Work email”",
    );
    expect(actionWords(beat({ action: "navigate", target: null }))).toBe("Opens https://acme.example/pricing");
    expect(actionWords(beat({ action: "hover", target: null }))).toBe("Points at an element");
  });

  it("prices a plan with only the options the quote takes, none empty", () => {
    const options = {
      avatar: "none",
      background: "midnight",
      captionStyle: "classic",
      capture: "desktop",
      language: null,
      orientation: "landscape",
      voiceId: "espeak-ng:en-us",
      templateId: null,
      targetSeconds: null,
      maxSeconds: 120,
    };
    expect(quoteBody({ url: "https://acme.example/", hint: null, options, signedIn: false, beats: [] })).toEqual({
      background: "midnight",
      captionStyle: "classic",
      capture: "desktop",
      orientation: "landscape",
      voiceId: "espeak-ng:en-us",
      maxSeconds: 120,
    });
  });

  it("sends a length as a fixed length or as an Auto ceiling, never both", () => {
    expect(optionsBody({ ...NO_OPTIONS, length: "fixed", seconds: "45" })).toMatchObject({ targetSeconds: 45 });
    expect(optionsBody({ ...NO_OPTIONS, length: "auto", seconds: "90" })).toMatchObject({ maxSeconds: 90 });
    const auto = optionsBody(NO_OPTIONS);
    expect("targetSeconds" in auto || "maxSeconds" in auto).toBe(false);
    expect(Object.values(auto).every((v) => v === undefined)).toBe(true);
  });

  it("names the stages a person sees, and keeps an unknown one readable", () => {
    expect(stageWords("signing_in")).toBe("Signing in with the demo account");
    expect(stageWords("some_new_stage")).toBe("some new stage");
  });

  it("says the walkthrough refusals with their numbers", () => {
    expect(refusalSentence(refused("insufficient_seconds", { needed: 120, available: 30 }, 402))).toBe(
      "This video needs 120 seconds and your balance has 30 available. Add time, or choose a shorter length.",
    );
    expect(refusalSentence(refused("too_many_in_flight", { limit: 3, inFlight: 3 }, 409))).toContain(
      "3 of these are already running",
    );
    expect(refusalSentence(refused("url_private", { reason: "private", host: "10.1.2.3" }))).toBe(
      "10.1.2.3 leads to a private or reserved network address, which the service does not film.",
    );
    expect(refusalSentence(refused("site_not_allowed", { reason: "public_platform" }))).toContain("No time was used.");
    expect(refusalSentence(refused("length_below_minimum", { minimum: 30 }))).toContain("at least 30 seconds");
    expect(refusalSentence(refused("not_ready", { state: "running" }, 409))).toContain("not finished yet");
  });
});
