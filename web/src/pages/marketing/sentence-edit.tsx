import { useEffect, useRef, useState } from "react";
import { call, type ResponseOf } from "../../api/client";
import { CheckedForm } from "../../components/checked-form";
import { Field } from "../../components/field";
import { Notice } from "../../components/notice";
import { Refusal } from "../../components/refusal";
import { useAction } from "../../hooks/use-load";

type EditAnswer = ResponseOf<"marketing.editProject">;

/**
 * Edit by a sentence: first a dry run that says what it would change (nothing is made), then the same
 * sentence applied to the same revision. A sentence not understood changes nothing and offers
 * instructions the service does understand.
 */
export function SentenceEdit({
  projectId,
  revision,
  onApplied,
}: {
  projectId: string;
  /** The latest revision's number, as the page shows it. */
  revision: number;
  onApplied: (answer: EditAnswer) => void;
}) {
  const [instruction, setInstruction] = useState("");
  const [tried, setTried] = useState(false);
  const [dry, setDry] = useState<{ sentence: string; answer: EditAnswer } | null>(null);
  const [applied, setApplied] = useState<EditAnswer | null>(null);
  const preview = useAction(async () => {
    const sentence = instruction.trim();
    const answer = await call("marketing.editProject", {
      params: { id: projectId },
      body: { expectedRevision: revision, instruction: sentence, dryRun: true },
    });
    setDry({ sentence, answer });
  });
  const apply = useAction(async () => {
    if (!dry) return;
    const answer = await call("marketing.editProject", {
      params: { id: projectId },
      body: { expectedRevision: revision, instruction: dry.sentence },
    });
    setDry(null);
    setInstruction("");
    setTried(false);
    setApplied(answer);
    onApplied(answer);
  });
  // The button that asked is gone once the dry run answers: the focus goes on to applying it.
  const applyButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (dry) applyButton.current?.focus();
  }, [dry]);
  const failure = preview.failure ?? apply.failure;
  const suggestions = Array.isArray(failure?.details.suggestions)
    ? failure.details.suggestions.filter((s): s is string => typeof s === "string")
    : [];
  const problem = instruction.trim() ? null : "Say what to change.";
  return (
    <section className="section sentence-edit" aria-labelledby="edit-title">
      <h2 id="edit-title">Change it by a sentence</h2>
      <CheckedForm
        wide
        valid={problem === null}
        onTried={() => setTried(true)}
        onValid={() => {
          setApplied(null);
          void preview.run();
        }}
      >
        <Field
          label="What to change"
          hint="For example: “make it 15 seconds”, “hide the pricing scene”, “change the call to action to 'Start free'”, “darker background”, “undo”."
          problem={tried ? problem : null}
        >
          {(control) => (
            <textarea
              {...control}
              rows={2}
              maxLength={500}
              value={instruction}
              onChange={(e) => {
                setInstruction(e.target.value);
                setDry(null);
                preview.clear();
              }}
            />
          )}
        </Field>
        <Refusal failure={failure} />
        {suggestions.length ? (
          <div className="suggestions">
            <p>Sentences it understands here:</p>
            <ul>
              {suggestions.map((s) => (
                <li key={s}>
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => {
                      setInstruction(s);
                      preview.clear();
                    }}
                  >
                    {s}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {dry ? (
          <div className="dry-run" role="status">
            <p>
              <strong>“{dry.sentence}”</strong> would make revision {revision + 1}:
            </p>
            <ul className="changes">
              {dry.answer.changes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
            <p className="muted small">Nothing has changed yet.</p>
          </div>
        ) : null}
        <div className="form-actions">
          {dry ? (
            <>
              <button
                ref={applyButton}
                type="button"
                className="button primary"
                disabled={apply.busy}
                onClick={() => void apply.run()}
              >
                {apply.busy ? "Applying…" : "Apply the change"}
              </button>
              <button type="button" className="button" onClick={() => setDry(null)}>
                Discard
              </button>
            </>
          ) : (
            <button type="submit" className="button primary" disabled={preview.busy}>
              {preview.busy ? "Reading…" : "Show what it would change"}
            </button>
          )}
        </div>
      </CheckedForm>
      {applied?.revision ? (
        <Notice tone="success" live>
          <p>
            Revision {applied.revision.number} made: {applied.changes.join("; ")}.
          </p>
        </Notice>
      ) : null}
    </section>
  );
}
