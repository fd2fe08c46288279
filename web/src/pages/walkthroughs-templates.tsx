import { useState } from "react";
import { call } from "../api/client";
import { CheckedForm } from "../components/checked-form";
import { ConfirmDialog } from "../components/confirm-dialog";
import { InputField } from "../components/input-field";
import { PageHeader } from "../components/page-header";
import { PagedTable } from "../components/paged-table";
import { Refusal } from "../components/refusal";
import { Section } from "../components/section";
import { formatDateTime, formatSeconds } from "../format";
import { useAction } from "../hooks/use-load";
import { usePages } from "../hooks/use-pages";
import { AreaNav } from "./walkthroughs/area-nav";
import {
  type Catalog,
  lengthProblem,
  NO_OPTIONS,
  OPTION_LABELS,
  OptionFields,
  optionsBody,
  type Template,
  useCatalog,
} from "./walkthroughs/options";

const LABELS = { name: "Name", description: "Description", ...OPTION_LABELS };

/** A template's options in words (the catalogue's names): what it sets, the rest is the default. */
function summary(t: Template, catalog: Catalog | null): string {
  const o = t.options;
  const ro = catalog?.options;
  const named = (list: { id: string; name: string }[] | undefined, id: string | undefined) =>
    id ? (list?.find((entry) => entry.id === id)?.name ?? id) : "";
  const parts = [
    named(ro?.languages, o.language),
    o.voiceId ? `voice ${named(catalog?.voices, o.voiceId)}` : "",
    named(ro?.orientations, o.orientation),
    o.capture ? `${named(ro?.captures, o.capture)} capture` : "",
    o.background ? `${named(ro?.backgrounds, o.background)} background` : "",
    o.captionStyle ? `${named(ro?.captionStyles, o.captionStyle)} captions` : "",
    o.targetSeconds ? `${formatSeconds(o.targetSeconds)} long` : "",
    o.maxSeconds ? `up to ${formatSeconds(o.maxSeconds)}` : "",
  ].filter(Boolean);
  return parts.length ? parts.join(", ") : "All defaults";
}

/** Saved render templates: a named set of options to plan with again. */
export default function WalkthroughsTemplates() {
  const pages = usePages((cursor) => call("templates.list", { query: { limit: 50, cursor } }));
  const catalog = useCatalog(false);
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [options, setOptions] = useState(NO_OPTIONS);
  const [tried, setTried] = useState(false);
  const [deleting, setDeleting] = useState<Template | null>(null);
  const save = useAction(async () => {
    const { templateId: _none, ...chosen } = optionsBody(options);
    await call("templates.create", {
      body: { name: name.trim(), ...(description.trim() ? { description: description.trim() } : {}), options: chosen },
    });
    setName("");
    setDescription("");
    setOptions(NO_OPTIONS);
    setTried(false);
    await pages.reload();
  });
  const problems = { name: name.trim() ? null : "Give the template a name.", length: lengthProblem(options) };
  return (
    <>
      <AreaNav />
      <PageHeader
        title="Templates"
        description="A template keeps a set of video options under a name, to choose when you plan a walkthrough."
      />
      <PagedTable
        pages={pages}
        label="Templates"
        empty={{ title: "No templates yet", body: "Save the options you use most with the form below." }}
        columns={["Name", "Options", "Changed", { name: "Actions", hidden: true }]}
        row={(t) => (
          <tr key={t.id}>
            <th scope="row">
              {t.name}
              {t.description ? <span className="muted block small">{t.description}</span> : null}
            </th>
            <td className="details">
              {t.system ? <span className="badge badge-neutral">built in</span> : null}
              {summary(t, catalog.data)}
            </td>
            <td className="when">{formatDateTime(t.updatedAt)}</td>
            <td className="row-actions">
              {t.system ? null : (
                <button type="button" className="button small danger" onClick={() => setDeleting(t)}>
                  Delete<span className="visually-hidden"> {t.name}</span>
                </button>
              )}
            </td>
          </tr>
        )}
      />
      <Section titleId="new-template" title="Save a template">
        <CheckedForm
          wide
          valid={Object.values(problems).every((p) => p === null)}
          onTried={() => setTried(true)}
          onValid={() => void save.run()}
        >
          <InputField
            label="Name"
            problem={tried ? problems.name : null}
            required
            maxLength={120}
            value={name}
            onChange={setName}
          />
          <InputField label="Description (optional)" maxLength={500} value={description} onChange={setDescription} />
          <OptionFields catalog={catalog} value={options} onChange={setOptions} tried={tried} withTemplates={false} />
          <Refusal failure={save.failure} labels={LABELS} />
          <div className="form-actions">
            <button type="submit" className="button primary" disabled={save.busy}>
              {save.busy ? "Saving…" : "Save template"}
            </button>
          </div>
        </CheckedForm>
      </Section>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete “${deleting?.name ?? ""}”?`}
        confirm="Delete template"
        busy="Deleting…"
        onConfirm={async () => {
          if (deleting) await call("templates.delete", { params: { id: deleting.id } });
          await pages.reload();
        }}
        onClose={() => setDeleting(null)}
      >
        <p>Plans and videos made with it keep their options; it is no longer offered when you plan.</p>
      </ConfirmDialog>
    </>
  );
}
