import { useEffect, useState } from "react";
import { call, type ResponseOf } from "../api/client";
import { Breadcrumb } from "../components/breadcrumb";
import { CheckedForm } from "../components/checked-form";
import { Field } from "../components/field";
import { InputField } from "../components/input-field";
import { Notice } from "../components/notice";
import { PageHeader } from "../components/page-header";
import { PageLoading } from "../components/page-loading";
import { Refusal } from "../components/refusal";
import { SelectField } from "../components/select-field";
import { formatDateTime } from "../format";
import { useAction, useLoad } from "../hooks/use-load";
import { Link } from "../router/link";
import { contrastOf, normaliseHex } from "./marketing/contrast";
import { sameOriginFile } from "./marketing/job";
import { readySources } from "./marketing/sources-menu";
import { ContrastCheck, Palette } from "./marketing/swatch";

type Kit = ResponseOf<"marketing.getBrandKit">;
const COLOURS = [
  { key: "background", label: "Background", required: true },
  { key: "text", label: "Text", required: true },
  { key: "primary", label: "Primary", required: true },
  { key: "primaryText", label: "Text on primary", required: false },
  { key: "accent", label: "Accent", required: false },
] as const;
type ColourKey = (typeof COLOURS)[number]["key"];
type Colours = Record<ColourKey, string>;
const MOODS = ["calm", "upbeat", "energetic", "cinematic"] as const;

const LABELS: Record<string, string> = {
  ...Object.fromEntries(COLOURS.map((c) => [`colors.${c.key}`, c.label])),
  "fonts.heading": "Heading font",
  "fonts.body": "Body font",
  voiceId: "Voice",
  musicMood: "Music mood",
  captionStyle: "Caption style",
  "callToAction.text": "Call to action text",
  "callToAction.url": "Call to action address",
  logo: "Logo",
};

function formOf(kit: Kit) {
  return {
    colours: Object.fromEntries(COLOURS.map((c) => [c.key, kit.colors?.[c.key] ?? ""])) as Colours,
    heading: kit.fonts?.heading ?? "",
    body: kit.fonts?.body ?? "",
    voiceId: kit.voiceId ?? "",
    musicMood: kit.musicMood ?? "",
    captionStyle: kit.captionStyle ?? "",
    ctaText: kit.callToAction?.text ?? "",
    ctaUrl: kit.callToAction?.url ?? "",
    logo: kit.logo
      ? { sourceId: kit.logo.sourceId, assetId: kit.logo.assetId, preview: sameOriginFile(kit.logo.file.url) }
      : null,
  };
}
type Form = ReturnType<typeof formOf>;

/** What is wrong with each colour before anything is sent: its syntax, then its contrast. */
function colourProblems(c: Colours): Partial<Record<ColourKey, string>> {
  const problems: Partial<Record<ColourKey, string>> = {};
  const any = COLOURS.some((k) => c[k.key].trim());
  for (const k of COLOURS) {
    const v = c[k.key].trim();
    if (!v) {
      if (any && k.required) problems[k.key] = "Needed once any colour is set.";
    } else if (!normaliseHex(v)) problems[k.key] = "Use a hex colour such as #0f172a or #fff.";
  }
  const low = (fg: ColourKey, bg: ColourKey) => {
    const ratio = c[fg].trim() && c[bg].trim() ? contrastOf(c[fg], c[bg]) : null;
    if (ratio && !ratio.passes && !problems[fg])
      problems[fg] =
        `Contrast with ${bg === "background" ? "the background" : "the primary colour"} is ${ratio.shown}; it needs at least 4.5:1.`;
  };
  low("text", "background");
  low("primaryText", "primary");
  return problems;
}

/** The brand kit: colours with a live palette and contrast check, fonts, logo, voice, music and call to action. */
export default function MarketingBrandKit() {
  const kit = useLoad(() => call("marketing.getBrandKit", {}));
  const options = useLoad(() => call("catalog.getRenderOptions", {}));
  const voices = useLoad(() => call("catalog.listVoices", { query: { limit: 100 } }));
  const sources = useLoad(readySources);
  const [form, setForm] = useState<Form | null>(null);
  const [from, setFrom] = useState("");
  const [tried, setTried] = useState(false);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (kit.data && !form) setForm(formOf(kit.data));
  }, [kit.data, form]);
  const save = useAction(async (f: Form) => {
    const colours = COLOURS.some((k) => f.colours[k.key].trim())
      ? (Object.fromEntries(COLOURS.map((k) => [k.key, f.colours[k.key].trim() || null])) as Record<
          ColourKey,
          string | null
        >)
      : null;
    const next = await call("marketing.updateBrandKit", {
      body: {
        colors: colours,
        fonts: f.heading && f.body ? { heading: f.heading, body: f.body } : null,
        logo: f.logo ? { sourceId: f.logo.sourceId, assetId: f.logo.assetId } : null,
        voiceId: f.voiceId || null,
        musicMood: f.musicMood || null,
        captionStyle: f.captionStyle || null,
        callToAction: f.ctaText.trim() && f.ctaUrl.trim() ? { text: f.ctaText.trim(), url: f.ctaUrl.trim() } : null,
      },
    });
    kit.setData(next);
    setForm(formOf(next));
    setSaved(true);
  });

  if (!form) {
    return <PageLoading title="Brand kit" failure={kit.failure} loading={kit.loading} />;
  }
  const set = (patch: Partial<Form>) => {
    setSaved(false);
    setForm({ ...form, ...patch });
  };
  const setColour = (key: ColourKey, value: string) => set({ colours: { ...form.colours, [key]: value } });
  const problems = colourProblems(form.colours);
  const fontProblem = (form.heading === "") !== (form.body === "") ? "Choose both fonts, or neither." : null;
  const ctaProblem =
    (form.ctaText.trim() === "") !== (form.ctaUrl.trim() === "")
      ? "Give both the button's text and its address, or neither."
      : null;
  const shown = (p: string | null | undefined) => (tried ? (p ?? null) : null);
  const valid = Object.keys(problems).length === 0 && !fontProblem && !ctaProblem;
  const picked = sources.data?.find((s) => s.id === from);
  const applySource = () => {
    if (!picked) return;
    const m = picked.manifest;
    const s = m.brand.suggestedColors;
    const accent = m.palette.find((c) => c.role === "accent")?.hex ?? "";
    const font = (role: string) => {
      const f = m.fonts.find((x) => x.role === role);
      return f?.catalogFontId ?? f?.fallbackFontId ?? "";
    };
    const logoAsset = m.assets.find((a) => a.id === m.brand.logo);
    const logoFile = logoAsset?.sha256 ? picked.job.result?.artifacts.find((a) => a.sha256 === logoAsset.sha256) : null;
    set({
      colours: s
        ? { background: s.background, text: s.text, primary: s.primary, primaryText: s.primaryText, accent }
        : form.colours,
      heading: font("heading") || form.heading,
      body: font("body") || form.body,
      logo: m.brand.logo
        ? { sourceId: picked.id, assetId: m.brand.logo, preview: sameOriginFile(logoFile?.url) }
        : form.logo,
    });
  };
  const fonts = options.data?.fonts ?? [];

  return (
    <>
      <Breadcrumb to="/marketing">Marketing</Breadcrumb>
      <PageHeader
        title="Brand kit"
        description="Your look for every video you generate with “my brand kit”: colours, fonts, logo, voice, music and the call to action."
      />
      {kit.data?.updatedAt ? (
        <p className="muted small">Last saved {formatDateTime(kit.data.updatedAt)}.</p>
      ) : (
        <Notice>
          <p>No brand kit yet: videos use each website's own look until you save one.</p>
        </Notice>
      )}
      <CheckedForm wide valid={valid} onTried={() => setTried(true)} onValid={() => void save.run(form)}>
        <fieldset className="group">
          <legend>Start from a scanned website (optional)</legend>
          <div className="row align-end">
            <SelectField
              label="Website"
              hint="Its colours (adjusted to be readable), fonts and logo fill the form."
              value={from}
              onChange={setFrom}
            >
              <option value="">Choose a source…</option>
              {sources.data?.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.label}
                </option>
              ))}
            </SelectField>
            <div className="field">
              <button type="button" className="button" disabled={!picked} onClick={applySource}>
                Use its look
              </button>
            </div>
          </div>
        </fieldset>

        <fieldset className="group">
          <legend>Colours</legend>
          <p className="hint">Hex colours. Text must reach 4.5:1 against its background to be readable.</p>
          <div className="colour-grid">
            {COLOURS.map((c) => (
              <Field
                key={c.key}
                label={c.required ? c.label : `${c.label} (optional)`}
                problem={shown(problems[c.key])}
              >
                {(control) => (
                  <span className="colour-input">
                    <input
                      {...control}
                      className="hex"
                      spellCheck={false}
                      autoComplete="off"
                      maxLength={7}
                      placeholder="#rrggbb"
                      value={form.colours[c.key]}
                      onChange={(e) => setColour(c.key, e.target.value)}
                    />
                    <input
                      type="color"
                      aria-label={`${c.label}: colour picker`}
                      value={normaliseHex(form.colours[c.key]) ?? "#ffffff"}
                      onChange={(e) => setColour(c.key, e.target.value)}
                    />
                  </span>
                )}
              </Field>
            ))}
          </div>
          <h3 className="small-heading">Palette</h3>
          <Palette
            label="Brand kit palette"
            colours={COLOURS.filter((c) => form.colours[c.key].trim()).map((c) => ({
              label: c.label,
              hex: form.colours[c.key],
            }))}
          />
          <h3 className="small-heading">Contrast</h3>
          <div className="contrast-checks">
            <ContrastCheck name="Text on background" text={form.colours.text} background={form.colours.background} />
            <ContrastCheck
              name="Text on primary"
              text={form.colours.primaryText || form.colours.text}
              background={form.colours.primary}
            />
          </div>
        </fieldset>

        <fieldset className="group">
          <legend>Fonts and logo</legend>
          <div className="row">
            {(["heading", "body"] as const).map((role) => (
              <SelectField
                key={role}
                label={role === "heading" ? "Heading font" : "Body font"}
                problem={role === "body" ? shown(fontProblem) : null}
                value={form[role]}
                onChange={(font) => set({ [role]: font })}
              >
                <option value="">The website's own</option>
                {fonts.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.family}
                  </option>
                ))}
              </SelectField>
            ))}
          </div>
          <div className="logo-line">
            {form.logo?.preview ? (
              <img className="source-logo" src={form.logo.preview} alt="The brand kit's logo" />
            ) : null}
            <p>
              {form.logo ? (
                <>
                  Logo <code>{form.logo.assetId}</code> from a scanned source.{" "}
                  <button type="button" className="link-button" onClick={() => set({ logo: null })}>
                    Remove the logo
                  </button>
                </>
              ) : (
                "No logo: choose a website above to use its logo."
              )}
            </p>
          </div>
        </fieldset>

        <fieldset className="group">
          <legend>Sound and call to action</legend>
          <div className="row">
            <SelectField label="Voice" value={form.voiceId} onChange={(voiceId) => set({ voiceId })}>
              <option value="">The default for the site's language</option>
              {voices.data?.data.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.name} ({v.language}, {v.gender})
                </option>
              ))}
            </SelectField>
            <SelectField label="Music mood" value={form.musicMood} onChange={(musicMood) => set({ musicMood })}>
              <option value="">Calm (default)</option>
              {MOODS.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Caption style"
              value={form.captionStyle}
              onChange={(captionStyle) => set({ captionStyle })}
            >
              <option value="">The template's own</option>
              {options.data?.captionStyles.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </SelectField>
          </div>
          <div className="row">
            <InputField
              label="Call to action text"
              hint="The button shown at the end, such as “Start free”."
              maxLength={40}
              value={form.ctaText}
              onChange={(ctaText) => set({ ctaText })}
            />
            <InputField
              label="Call to action address"
              hint="Shown on screen, never visited."
              problem={shown(ctaProblem)}
              type="url"
              maxLength={2048}
              placeholder="https://example.com/signup"
              value={form.ctaUrl}
              onChange={(ctaUrl) => set({ ctaUrl })}
            />
          </div>
        </fieldset>
        <Refusal failure={save.failure ?? options.failure ?? voices.failure} labels={LABELS} />
        {saved ? (
          <Notice tone="success" live>
            <p>Brand kit saved. Videos generated with “my brand kit” use it from now on.</p>
          </Notice>
        ) : null}
        <div className="form-actions">
          <button type="submit" className="button primary" disabled={save.busy}>
            {save.busy ? "Saving…" : "Save brand kit"}
          </button>
          <Link className="button" to="/marketing">
            Back
          </Link>
        </div>
      </CheckedForm>
    </>
  );
}
