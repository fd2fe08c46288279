import { call } from "../../api/client";
import type { Operations } from "../../api/openapi-types";
import { CountField, countProblem, optionalCount } from "../../components/count-field";
import { Refusal } from "../../components/refusal";
import { SelectField } from "../../components/select-field";
import { useLoad } from "../../hooks/use-load";

export type Template = Operations["templates.list"]["response"]["data"][number];

/** The option fields as typed: "" is "the default". */
export interface OptionValues {
  templateId: string;
  voiceId: string;
  language: string;
  orientation: string;
  capture: string;
  background: string;
  captionStyle: string;
  length: "auto" | "fixed";
  seconds: string;
}

export const NO_OPTIONS: OptionValues = {
  templateId: "",
  voiceId: "",
  language: "",
  orientation: "",
  capture: "",
  background: "",
  captionStyle: "",
  length: "auto",
  seconds: "",
};

export const OPTION_LABELS = {
  templateId: "Template",
  voiceId: "Voice",
  language: "Language",
  orientation: "Orientation",
  capture: "Capture",
  background: "Background",
  captionStyle: "Captions",
  targetSeconds: "Length in seconds",
  maxSeconds: "Longest length in seconds",
};

const LENGTHS = [
  { value: "auto", label: "Auto", help: "As long as the plan needs, up to the ceiling below (optional)." },
  { value: "fixed", label: "Fixed", help: "Exactly this long; beats that do not fit are left out." },
] as const;

/** What the lists of choices come from: the catalogue, the voices and the saved templates. */
export function useCatalog(withTemplates: boolean) {
  return useLoad(async () => {
    const [options, voices, templates] = await Promise.all([
      call("catalog.getRenderOptions", {}),
      call("catalog.listVoices", { query: { limit: 100 } }),
      withTemplates ? call("templates.list", { query: { limit: 100 } }) : Promise.resolve({ data: [] as Template[] }),
    ]);
    return { options, voices: voices.data, templates: templates.data };
  });
}
export type Catalog = NonNullable<ReturnType<typeof useCatalog>["data"]>;

export const lengthProblem = (v: OptionValues): string | null =>
  v.length === "fixed" && v.seconds.trim() === ""
    ? "Give a length from 30 to 600 seconds, or choose Auto."
    : countProblem(v.seconds, 30, 600);

/** The options as the API takes them (those left at the default are not sent). */
export function optionsBody(v: OptionValues) {
  const pick = (s: string) => (s ? s : undefined);
  const seconds = optionalCount(v.seconds);
  return {
    templateId: pick(v.templateId),
    voiceId: pick(v.voiceId),
    language: pick(v.language),
    orientation: pick(v.orientation),
    capture: pick(v.capture),
    background: pick(v.background),
    captionStyle: pick(v.captionStyle),
    ...(seconds === undefined ? {} : v.length === "fixed" ? { targetSeconds: seconds } : { maxSeconds: seconds }),
  };
}

function Select({
  label,
  hint,
  value,
  onChange,
  choices,
  none = "The default",
}: {
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  choices: { id: string; name: string; isDefault?: boolean }[];
  none?: string;
}) {
  const fallback = choices.find((c) => c.isDefault);
  return (
    <SelectField label={label} hint={hint} value={value} onChange={onChange}>
      <option value="">{fallback ? `${none}: ${fallback.name}` : none}</option>
      {choices.map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
    </SelectField>
  );
}

/** The render options of the catalogue, as choices; a phone capture only offers the orientations it fits. */
export function OptionFields({
  catalog,
  value,
  onChange,
  tried,
  withTemplates,
}: {
  catalog: ReturnType<typeof useCatalog>;
  value: OptionValues;
  onChange: (next: OptionValues) => void;
  tried: boolean;
  withTemplates: boolean;
}) {
  const set =
    <K extends keyof OptionValues>(key: K) =>
    (v: OptionValues[K]) =>
      onChange({ ...value, [key]: v });
  const data = catalog.data;
  if (!data) return <Refusal failure={catalog.failure} />;
  const { options } = data;
  const voices = value.language
    ? data.voices.filter((voice) => voice.languages.some((l) => l.toLowerCase() === value.language.toLowerCase()))
    : data.voices;
  return (
    <fieldset className="group walk-group">
      <legend>Video options</legend>
      <p className="hint">Left at the default, each option is the service's own choice.</p>
      {withTemplates ? (
        <Select
          label="Template"
          hint="A saved set of options; what you choose below overrides it."
          value={value.templateId}
          onChange={set("templateId")}
          choices={data.templates}
          none="None"
        />
      ) : null}
      <div className="row">
        <Select label="Language" value={value.language} onChange={set("language")} choices={options.languages} />
        <Select
          label="Voice"
          value={value.voiceId}
          onChange={set("voiceId")}
          choices={voices.map((v) => ({
            id: v.id,
            name: `${v.name} (${v.language}, ${v.gender})`,
            isDefault: v.isDefault,
          }))}
        />
      </div>
      <div className="row">
        <Select
          label="Orientation"
          value={value.orientation}
          onChange={set("orientation")}
          choices={options.orientations}
        />
        <Select label="Capture" value={value.capture} onChange={set("capture")} choices={options.captures} />
      </div>
      <div className="row">
        <Select
          label="Background"
          value={value.background}
          onChange={set("background")}
          choices={options.backgrounds}
        />
        <Select
          label="Captions"
          value={value.captionStyle}
          onChange={set("captionStyle")}
          choices={options.captionStyles}
        />
      </div>
      <fieldset className="choice-group">
        <legend>Length</legend>
        <div className="choices-row">
          {LENGTHS.map((choice) => (
            <label className="choice inline" key={choice.value}>
              <input
                type="radio"
                name="length"
                checked={value.length === choice.value}
                onChange={() => set("length")(choice.value)}
              />
              <span>
                {choice.label}
                <span className="choice-help">{choice.help}</span>
              </span>
            </label>
          ))}
        </div>
        <CountField
          label={value.length === "fixed" ? "Length in seconds" : "Longest length in seconds (optional)"}
          hint="30 to 600"
          min={30}
          max={600}
          value={value.seconds}
          onChange={set("seconds")}
          problem={tried ? lengthProblem(value) : null}
        />
      </fieldset>
    </fieldset>
  );
}
