import { useEffect, useState } from "react";
import { call, type ResponseOf } from "../api/client";
import { ApiFailure } from "../api/failure";
import { refusalSentence } from "../api/refusals";
import { Breadcrumb } from "../components/breadcrumb";
import { CheckedForm } from "../components/checked-form";
import { InputField } from "../components/input-field";
import { Notice } from "../components/notice";
import { PageHeader } from "../components/page-header";
import { PageLoading } from "../components/page-loading";
import { Refusal } from "../components/refusal";
import { SelectField } from "../components/select-field";
import { formatSeconds } from "../format";
import { useAction, useLoad } from "../hooks/use-load";
import { navigate, useLocation } from "../router/history";
import { Link } from "../router/link";
import { readySources } from "./marketing/sources-menu";

type Preflight = ResponseOf<"marketing.preflightGeneration">;
type Missing = Preflight["missing"][number];
type Template = ResponseOf<"catalog.listMarketingTemplates">["data"][number];

const AUDIO_MODES = [
  { id: "voice_and_music", label: "Voice and music" },
  { id: "voice_only", label: "Voice only" },
  { id: "music_only", label: "Music only" },
  { id: "silent", label: "Silent" },
] as const;

/** The form's fields, by the request field a preflight's `missing` or a refusal's details name. */
const LABELS: Record<string, string> = {
  sourceId: "Source",
  sourceVersion: "Source",
  templateId: "Template",
  seconds: "Length",
  orientation: "Orientation",
  audioMode: "Sound",
  voiceId: "Voice",
  speed: "Speed",
  brand: "Look",
  focus: "Focus",
  demo: "Walkthrough footage",
  "demo.renderId": "Walkthrough render",
  "demo.fromSeconds": "Footage from",
  "demo.toSeconds": "Footage to",
};

/** What a preflight says is missing, as a sentence for a person (the code's sentence where it has one). */
function missingSentence(m: Missing): string {
  if (m.code === "insufficient_seconds") return `${m.message} Generating is free; exporting needs the time.`;
  const sentence = refusalSentence(new ApiFailure(0, m.code as ApiFailure["code"], m.message, {}, null));
  return sentence === m.code ? m.message : sentence;
}

/** Problems by form field: a preflight's `missing`, or the field a refusal names (details.field or issue paths). */
function problemsOf(preflight: Preflight | null, refusal: ApiFailure | null): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const add = (field: string, line: string) => {
    const key = field.replace(/^body\./, "").split(".")[0] ?? field;
    out[key] = [...(out[key] ?? []), line];
  };
  for (const m of preflight?.missing ?? []) add(m.field, missingSentence(m));
  if (refusal && typeof refusal.details.field === "string") add(refusal.details.field, refusalSentence(refusal));
  return out;
}

/** Make a video: a source and a template, checked first (what is missing is said by its field), then generated. */
export default function MarketingGenerate() {
  const { search } = useLocation();
  const sources = useLoad(readySources);
  const templates = useLoad(() => call("catalog.listMarketingTemplates", { query: { limit: 100 } }));
  const voices = useLoad(() => call("catalog.listVoices", { query: { limit: 100 } }));
  const [sourceId, setSourceId] = useState(search.get("source") ?? "");
  const [templateId, setTemplateId] = useState("feature-highlight");
  const [seconds, setSeconds] = useState("");
  const [orientation, setOrientation] = useState("");
  const [audioMode, setAudioMode] = useState("voice_and_music");
  const [voiceId, setVoiceId] = useState("");
  const [speed, setSpeed] = useState("1");
  const [brand, setBrand] = useState<"source" | "kit">("source");
  const [focus, setFocus] = useState("");
  const [demo, setDemo] = useState({ renderId: "", from: "", to: "" });
  const [tried, setTried] = useState(false);
  const [preflight, setPreflight] = useState<Preflight | null>(null);

  useEffect(() => {
    if (!sourceId && sources.data?.[0]) setSourceId(sources.data[0].id);
  }, [sources.data, sourceId]);
  const template: Template | undefined = templates.data?.data.find((t) => t.id === templateId);

  const request = () => ({
    sourceId,
    templateId,
    ...(seconds ? { seconds: Number(seconds) } : {}),
    ...(orientation ? { orientation } : {}),
    audioMode,
    ...(voiceId ? { voiceId } : {}),
    speed: Number(speed),
    brand,
    ...(focus.trim() ? { focus: focus.trim() } : {}),
    ...(demo.renderId.trim()
      ? { demo: { renderId: demo.renderId.trim(), fromSeconds: Number(demo.from), toSeconds: Number(demo.to) } }
      : {}),
  });
  const check = useAction(async () => {
    setPreflight(await call("marketing.preflightGeneration", { body: request() }));
  });
  const generate = useAction(async () => {
    const job = await call("marketing.createGeneration", { body: request() });
    navigate(`/marketing/generations/${job.id}`);
  });
  /** Any change makes the last check stale. */
  const changed =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      setPreflight(null);
      check.clear();
      generate.clear();
      set(v);
    };

  if (!templates.data || !sources.data) {
    return (
      <PageLoading
        title="Make a video"
        failure={templates.failure ?? sources.failure}
        loading={templates.loading || sources.loading}
      />
    );
  }
  if (sources.data.length === 0) {
    return (
      <>
        <PageHeader title="Make a video" />
        <Notice>
          <p>
            A video is made from a scanned website. <Link to="/marketing">Scan a website first</Link>.
          </p>
        </Notice>
      </>
    );
  }
  const problems = problemsOf(preflight, generate.failure);
  const own = (field: string) => (problems[field]?.length ? problems[field].join(" ") : null);
  const known = new Set([
    "sourceId",
    "sourceVersion",
    "templateId",
    "seconds",
    "orientation",
    "audioMode",
    "voiceId",
    "speed",
    "brand",
    "focus",
    "demo",
  ]);
  const elsewhere = (preflight?.missing ?? []).filter((m) => !known.has(m.field));
  const demoProblem =
    demo.renderId.trim() && !(Number(demo.to) > Number(demo.from)) ? "The end must come after the start." : null;
  const formValid = Boolean(sourceId) && !demoProblem;
  const showDemo = template && template.demoFootage !== "none";

  return (
    <>
      <Breadcrumb to="/marketing">Marketing</Breadcrumb>
      <PageHeader
        title="Make a video"
        description="Generating writes the video's scenes from the website's own copy and pictures, and spends no video time. Check first to see what is missing."
      />
      <CheckedForm wide valid={formValid} onTried={() => setTried(true)} onValid={() => void generate.run()}>
        <SelectField
          label="Source"
          problem={own("sourceId") ?? own("sourceVersion")}
          value={sourceId}
          onChange={changed(setSourceId)}
        >
          {sources.data?.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </SelectField>
        <fieldset className="group" aria-describedby={own("templateId") ? "template-problem" : undefined}>
          <legend>Template</legend>
          <div className="template-choices">
            {templates.data.data.map((t) => (
              <label key={t.id} className="template-choice">
                <input
                  type="radio"
                  name="template"
                  value={t.id}
                  checked={t.id === templateId}
                  onChange={() => {
                    changed(setTemplateId)(t.id);
                    setSeconds("");
                    setOrientation("");
                    setSpeed("1");
                  }}
                />
                <span>
                  <strong>{t.name}</strong>
                  <span className="muted small block">{t.description}</span>
                  <span className="muted small block">
                    {t.durations.join(", ")} s · {t.orientations.join(", ")}
                  </span>
                </span>
              </label>
            ))}
          </div>
          {own("templateId") ? (
            <p className="field-problem" id="template-problem">
              {own("templateId")}
            </p>
          ) : null}
        </fieldset>
        <div className="row">
          <SelectField label="Length" problem={own("seconds")} value={seconds} onChange={changed(setSeconds)}>
            <option value="">{template ? `${template.defaultSeconds} s (default)` : "Default"}</option>
            {template?.durations
              .filter((d) => d !== template.defaultSeconds)
              .map((d) => (
                <option key={d} value={d}>
                  {formatSeconds(d)}
                </option>
              ))}
          </SelectField>
          <SelectField
            label="Orientation"
            problem={own("orientation")}
            value={orientation}
            onChange={changed(setOrientation)}
          >
            <option value="">{template ? `${template.orientation} (default)` : "Default"}</option>
            {template?.orientations
              .filter((o) => o !== template.orientation)
              .map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
          </SelectField>
          <SelectField label="Speed" problem={own("speed")} value={speed} onChange={changed(setSpeed)}>
            {(template?.speeds ?? [1]).map((s) => (
              <option key={s} value={String(s)}>
                {s === 1 ? "Normal" : `${s}×`}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="row">
          <SelectField label="Sound" problem={own("audioMode")} value={audioMode} onChange={changed(setAudioMode)}>
            {AUDIO_MODES.map((m) => (
              <option key={m.id} value={m.id}>
                {m.label}
              </option>
            ))}
          </SelectField>
          <SelectField label="Voice" problem={own("voiceId")} value={voiceId} onChange={changed(setVoiceId)}>
            <option value="">The brand kit's, or the site language's default</option>
            {voices.data?.data.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name} ({v.language}, {v.gender})
              </option>
            ))}
          </SelectField>
        </div>
        <fieldset className="group" aria-describedby={own("brand") ? "brand-problem" : undefined}>
          <legend>Look</legend>
          <div className="choices-row">
            {(
              [
                ["source", "The website's own look"],
                ["kit", "My brand kit"],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="choice inline">
                <input
                  type="radio"
                  name="brand"
                  value={value}
                  checked={brand === value}
                  aria-invalid={own("brand") && brand === value ? true : undefined}
                  onChange={() => changed(setBrand)(value)}
                />{" "}
                {label}
              </label>
            ))}
          </div>
          {own("brand") ? (
            <p className="field-problem" id="brand-problem">
              {own("brand")} <Link to="/marketing/brand-kit">Edit the brand kit</Link>
            </p>
          ) : null}
        </fieldset>
        <InputField
          label="Focus (optional)"
          hint="What to put forward, in your words: copy about it is chosen first."
          problem={own("focus")}
          maxLength={200}
          value={focus}
          onChange={changed(setFocus)}
        />
        {showDemo || own("demo") ? (
          <fieldset className="group">
            <legend>Walkthrough footage {template?.demoFootage === "required" ? "(needed)" : "(optional)"}</legend>
            <p className="hint">A stretch of one of your walkthrough renders, shown as the product in use.</p>
            <div className="row">
              <InputField
                label="Walkthrough render id"
                problem={own("demo")}
                spellCheck={false}
                value={demo.renderId}
                onChange={(renderId) => changed(setDemo)({ ...demo, renderId })}
              />
              <InputField
                label="From (seconds)"
                type="number"
                min={0}
                step="0.1"
                value={demo.from}
                onChange={(from) => changed(setDemo)({ ...demo, from })}
              />
              <InputField
                label="To (seconds)"
                problem={tried ? demoProblem : null}
                type="number"
                min={0}
                step="0.1"
                value={demo.to}
                onChange={(to) => changed(setDemo)({ ...demo, to })}
              />
            </div>
          </fieldset>
        ) : null}

        {preflight ? <PreflightResult preflight={preflight} elsewhere={elsewhere} /> : null}
        <Refusal failure={check.failure ?? generate.failure} labels={LABELS} />
        <div className="form-actions">
          <button type="button" className="button" disabled={check.busy} onClick={() => void check.run()}>
            {check.busy ? "Checking…" : "Check"}
          </button>
          <button type="submit" className="button primary" disabled={generate.busy}>
            {generate.busy ? "Starting…" : "Generate video"}
          </button>
        </div>
      </CheckedForm>
    </>
  );
}

/** A preflight's answer: ready or not, what the plan had to give up, the scenes it would make and the export's price. */
function PreflightResult({ preflight, elsewhere }: { preflight: Preflight; elsewhere: Missing[] }) {
  const q = preflight.quote;
  const blocking = preflight.missing.filter((m) => m.section !== "export");
  return (
    <section className="preflight" aria-labelledby="preflight-title">
      <h2 id="preflight-title">Check</h2>
      <Notice tone={blocking.length ? "warning" : "success"} live>
        <p>
          {blocking.length
            ? `Not ready: ${blocking.length === 1 ? "one thing is" : `${blocking.length} things are`} missing, marked by ${blocking.length === 1 ? "its field" : "their fields"} above.`
            : "Ready to generate."}
        </p>
        {elsewhere.length ? (
          <ul>
            {elsewhere.map((m) => (
              <li key={`${m.field}-${m.code}`}>{missingSentence(m)}</li>
            ))}
          </ul>
        ) : null}
      </Notice>
      {preflight.warnings.length ? (
        <ul className="plain-list">
          {preflight.warnings.map((w) => (
            <li key={`${w.code}-${w.sceneId ?? ""}`}>{w.message}</li>
          ))}
        </ul>
      ) : null}
      <h3 className="small-heading">
        {preflight.plan.scenes.length} scenes, {formatSeconds(preflight.plan.seconds)}, {preflight.plan.orientation}
      </h3>
      <ol className="plan-scenes">
        {preflight.plan.scenes.map((s) => (
          <li key={s.id}>
            <span className="badge badge-neutral">{s.kind.replaceAll("_", " ")}</span> {s.headline ?? "(no headline)"}{" "}
            <span className="muted small">about {Math.round(s.seconds)} s</span>
          </li>
        ))}
      </ol>
      <p className="muted small">
        Exporting it later: {formatSeconds(q.seconds)} of video
        {q.watermark ? ", watermarked" : ""}; {formatSeconds(q.secondsToReserve)} held from the{" "}
        {formatSeconds(q.availableSeconds)} you have.
      </p>
    </section>
  );
}
