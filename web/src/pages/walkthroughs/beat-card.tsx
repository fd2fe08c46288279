import { useId } from "react";
import { fileAddress } from "../../api/files";
import { actionWords, type Beat } from "./plan-file";

export interface BeatEdit {
  narration?: string;
  hidden?: boolean;
}

/** One beat to review: its screenshot, what it does, its line (editable) and whether it is shown. */
export function BeatCard({
  beat,
  index,
  screenshot,
  edit,
  onEdit,
  problem,
}: {
  beat: Beat;
  index: number;
  screenshot: string | null;
  edit: BeatEdit;
  onEdit: (next: BeatEdit) => void;
  problem: string | null;
}) {
  const id = useId();
  const n = index + 1;
  const narration = edit.narration ?? beat.narration;
  const edited = edit.narration !== undefined && edit.narration !== beat.narration;
  return (
    <li className={edit.hidden ? "beat hidden-beat" : "beat"} aria-labelledby={`${id}-title`}>
      {screenshot ? (
        <img className="beat-shot" src={fileAddress(screenshot)} alt={`Screenshot of beat ${n}: ${beat.title}`} />
      ) : (
        <p className="beat-shot none">No screenshot</p>
      )}
      <div className="beat-body">
        <h3 id={`${id}-title`}>
          <span className="beat-number">{n}.</span> {beat.title}
          {edit.hidden ? <span className="badge badge-neutral">hidden</span> : null}
          {edited ? <span className="badge badge-warn">edited</span> : null}
        </h3>
        <p className="beat-action">
          {actionWords(beat)}
          <span className="muted block small url">
            on {beat.url} · about {Math.round(beat.estimatedSeconds)} s
          </span>
        </p>
        <label htmlFor={`${id}-line`} className="beat-label">
          Narration for beat {n}
        </label>
        <textarea
          id={`${id}-line`}
          rows={3}
          maxLength={2000}
          value={narration}
          disabled={edit.hidden}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(e) => onEdit({ ...edit, narration: e.target.value })}
        />
        {problem ? (
          <p className="field-problem" id={`${id}-problem`}>
            {problem}
          </p>
        ) : null}
        <div className="beat-tools">
          <label className="choice">
            <input
              type="checkbox"
              checked={edit.hidden ?? false}
              onChange={(e) => onEdit({ ...edit, hidden: e.target.checked })}
            />
            <span>Hide beat {n} from the video</span>
          </label>
          {edited ? (
            <button type="button" className="link-button" onClick={() => onEdit({ ...edit, narration: undefined })}>
              Restore the planned line<span className="visually-hidden"> of beat {n}</span>
            </button>
          ) : null}
        </div>
      </div>
    </li>
  );
}
