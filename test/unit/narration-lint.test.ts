import { describe, expect, it } from "vitest";
import { lintNarration, sentenceShape } from "../../src/pipelines/walkthrough/narration-lint.js";

// Lines shaped like the planner's on the site corpus (test/sites), faulty and sound.
const lint = (lines: string[], bodyText: string[] = []) => lintNarration({ lines, bodyText });
const rules = (lines: string[], bodyText: string[] = []) => lint(lines, bodyText).map((f) => `${f.rule}@${f.line}`);

describe("lintNarration", () => {
  it("passes a natural walkthrough script", () => {
    const lines = [
      "Welcome to SB Admin, a dashboard for keeping an eye on the business.",
      "The overview leads with four summary cards and an area chart of earnings.",
      "Let's open Charts, where the same figures are drawn as bars and a pie.",
      "A click on Tables brings up the employee list.",
      "Typing Garrett into the search box narrows it to a single row.",
      "That's SB Admin: an overview, charts and a searchable table.",
    ];
    expect(lint(lines, ["Dashboard Primary Card View Details Area Chart Example Bar Chart Example"])).toEqual([]);
  });

  it("flags a run of four content words said again, once per stretch", () => {
    const found = lint([
      "The table lists 57 rows, with columns for name, position, office, age, start date and salary.",
      "Let's open Charts.",
      "Up close, the table lists 57 rows, with columns for name, position, office, age, start date and salary.",
    ]);
    expect(found.filter((f) => f.rule === "repeated-phrase")).toEqual([
      {
        rule: "repeated-phrase",
        line: 2,
        excerpt: "table lists 57 rows columns name position office age start date salary",
      },
    ]);
  });

  it("lets a name be said twice but not three times, and never counts little words", () => {
    const name = (n: number) =>
      Array.from({ length: n }, (_, i) => `Scene ${i + 1} of Start Bootstrap Agency Theme is here.`);
    expect(rules(name(2)).filter((r) => r.startsWith("repeated-phrase"))).toEqual([]);
    expect(rules(name(3)).filter((r) => r.startsWith("repeated-phrase"))).toEqual(["repeated-phrase@2"]);
    expect(
      rules(["Here we can see that it is all there.", "And here we can see that it is all there too, in the end."]),
    ).toEqual([]);
  });

  it("flags a placeholder label opened three times, by every rule it breaks", () => {
    const lines = [
      "Let's open Category Project Name.",
      "Let's open Category Project Name.",
      "Let's open Category Project Name.",
    ];
    const got = rules(lines);
    expect(got).toContain("repeated-phrase@1");
    expect(got).toContain("page-furniture@0");
    expect(got).toContain("repeated-line@1");
    expect(got).toContain("repeated-line@2");
    expect(got).toContain("template-overuse@2");
    expect(got).not.toContain("template-overuse@1");
  });

  it.each([
    ["Skip to main content, then the dashboard.", "Skip to main content"],
    ["The first card reads Total Users Total Users.", "Total Users Total Users"],
    ["Each card has its own next step, like add Add New Card.", "add Add"],
    ["Let's open receipt_long Billing.", "receipt_long"],
    ["The hero says Lorem ipsum dolor sit amet.", "Lorem"],
    ["The portfolio opens with Project Name.", "Project Name"],
    ["Its first item is filed under Category.", "Category"],
    ["Up top sits Toggle navigation.", "Toggle navigation"],
    ["The panel ends with a button, Close.", "Close"],
    ["The slider offers Previous Next.", "Previous Next"],
    ["A banner says we use cookies to improve your experience.", "we use cookies"],
    ["The card reads Card title above some quick example text.", "Card title"],
  ])("flags page furniture in %j", (line, excerpt) => {
    const found = lint([line]).filter((f) => f.rule === "page-furniture");
    expect(found.map((f) => f.excerpt)).toContain(excerpt);
  });

  it.each([
    "That that is the point of the dashboard.",
    "Sales grew very very fast this quarter.",
    "Close to the top sits the revenue chart.",
    "You can filter the list by category and close the panel when done.",
    "The charts page ends on Tables. Tables come next.",
    "Type your name into the contact form.",
    "The skip button is nowhere to be seen.",
  ])("lets %j pass the furniture rule", (line) => {
    expect(lint([line]).filter((f) => f.rule === "page-furniture")).toEqual([]);
  });

  it("flags a line said again, case and punctuation aside", () => {
    expect(rules(["Welcome to Stisla.", "Now the charts.", "welcome to stisla!"])).toEqual(["repeated-line@2"]);
  });

  it("flags the third use of one sentence shape, masking names, numbers, quotes and a leading connective", () => {
    const lines = [
      "Welcome to Stisla.",
      "The Balance chart fills the view.",
      "Up close, the Sales chart fills the view.",
      "Zooming in, the Statistics chart fills the view.",
    ];
    expect(rules(lines)).toEqual(["template-overuse@3"]);
    expect(sentenceShape("Up close, the 8,258 chart fills the view.")).toBe("the N chart fills the view");
    expect(sentenceShape("Further down comes “8,258”.")).toBe("further down comes Q");
    expect(sentenceShape("A click on General Dashboard brings up the Latest Posts.")).toBe(
      "a click on X brings up the X",
    );
  });

  it("lets two uses of a shape and differently built sentences pass", () => {
    expect(
      rules([
        "The Balance chart fills the view.",
        "Up close, the Sales chart fills the view.",
        "Next, a click on Tables brings up the employee list.",
        "The search box narrows it to one row.",
      ]),
    ).toEqual([]);
  });

  it("flags more than 12 words read off the page, and not 12", () => {
    const body = [
      "Services\nE-Commerce\nLorem ipsum dolor sit amet.\n\nAbout\nOur humble beginnings: in 2009 our founders began to dream of a company that would change how small shops sell online.",
    ];
    const copied = lint(
      [
        "The about section tells how, in 2009, our founders began to dream of a company that would change how small shops sell online, and more.",
      ],
      body,
    ).filter((f) => f.rule === "copied-body-run");
    expect(copied).toEqual([
      {
        rule: "copied-body-run",
        line: 0,
        excerpt: "in 2009 our founders began to dream of a company that would change how small shops sell online",
      },
    ]);
    // Twelve words of the page, then the narrator's own: allowed.
    expect(rules(["It says our founders began to dream of a company that would change how things go."], body)).toEqual(
      [],
    );
  });

  it("finds nothing in an empty script", () => {
    expect(lint([], ["some body text"])).toEqual([]);
    expect(lint(["", "  "], [])).toEqual([]);
  });
});
