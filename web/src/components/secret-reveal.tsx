import { type ReactNode, useId } from "react";
import { CopyButton } from "./copy-button";
import { Notice } from "./notice";

/**
 * A secret shown once (an API key, a webhook signing secret): a copy button, a warning that it will not be
 * shown again, and a way on. `secret` is null on a replayed answer: the service never keeps secrets.
 */
export function SecretReveal({
  title,
  secret,
  what,
  children,
}: {
  title: string;
  secret: string | null;
  /** "key", "signing secret": for the sentences. */
  what: string;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <section className="secret-reveal" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {secret ? (
        <>
          <Notice tone="warning">
            <p>
              <strong>Copy the {what} now.</strong> This is the only time it is shown: Clipwright keeps only a
              fingerprint of it. Store it where your code reads its secrets (an environment variable or a secret
              manager), never in source code.
            </p>
          </Notice>
          <div className="secret-row">
            <label className="visually-hidden" htmlFor={id}>
              The {what}
            </label>
            <input
              id={id}
              className="secret-value"
              readOnly
              value={secret}
              spellCheck={false}
              autoComplete="off"
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton text={secret} fieldId={id} />
          </div>
        </>
      ) : (
        <Notice tone="warning">
          <p>
            This answer was a repeat of an earlier one, and the {what} is only ever shown the first time. If you did not
            store it then, make a new one.
          </p>
        </Notice>
      )}
      {children}
    </section>
  );
}
