import { useEffect, useRef, useState } from "react";
import { call } from "../api/client";
import { fileAddress } from "../api/files";
import type { Operations } from "../api/openapi-types";
import { PageHeader } from "../components/page-header";
import { PagedTable } from "../components/paged-table";
import { Refusal } from "../components/refusal";
import { SelectField } from "../components/select-field";
import { useAction, useLoad } from "../hooks/use-load";
import { usePages } from "../hooks/use-pages";
import { AreaNav } from "./walkthroughs/area-nav";

type Preview = Operations["voices.preview"]["response"] & { name: string };

/** The voices that narrate walkthroughs, each with a sample to listen to. */
export default function WalkthroughsVoices() {
  const languages = useLoad(() => call("catalog.getRenderOptions", {}));
  const [chosen, setChosen] = useState<string | null>(null);
  const language = chosen ?? languages.data?.languages.find((l) => l.isDefault)?.id ?? "";
  const pages = usePages(
    (cursor) => call("catalog.listVoices", { query: { limit: 100, cursor, ...(language ? { language } : {}) } }),
    language,
  );
  const [preview, setPreview] = useState<Preview | null>(null);
  const [asking, setAsking] = useState<string | null>(null);
  const audio = useRef<HTMLAudioElement>(null);
  const listen = useAction(async (voiceId: string, name: string) => {
    setAsking(voiceId);
    try {
      setPreview({ ...(await call("voices.preview", { body: { voiceId } })), name });
    } finally {
      setAsking(null);
    }
  });
  useEffect(() => {
    if (preview) void audio.current?.play().catch(() => undefined);
  }, [preview]);
  return (
    <>
      <AreaNav />
      <PageHeader
        title="Voices"
        description="The voices that read a walkthrough's narration. Play a sample before you choose one."
      />
      <div className="voice-filter">
        <SelectField label="Language" hint="Voices that can narrate in it." value={language} onChange={setChosen}>
          <option value="">All languages</option>
          {(languages.data?.languages ?? []).map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </SelectField>
      </div>
      <Refusal failure={listen.failure ?? languages.failure} />
      <section className="now-playing" aria-live="polite" aria-label="Sample">
        {preview ? (
          <>
            <p>
              <strong>{preview.name}</strong> says: “{preview.text}”
            </p>
            {/* biome-ignore lint/a11y/useMediaCaption: the words spoken are written just above. */}
            <audio ref={audio} controls src={fileAddress(preview.audio.url)} />
          </>
        ) : (
          <p className="muted">Play a voice to hear it here.</p>
        )}
      </section>
      <PagedTable
        pages={pages}
        label="Voices"
        empty={{
          title: "No voices installed",
          body: "This service has no speech engine, so videos have no narration.",
        }}
        columns={["Voice", "Languages", { name: "Sample", hidden: true }]}
        row={(v) => (
          <tr key={v.id}>
            <th scope="row">
              {v.name}
              {v.isDefault ? <span className="badge badge-good">default</span> : null}
              <span className="muted block small">
                {v.gender}, {v.engine}
              </span>
            </th>
            <td className="details">{v.languages.join(", ")}</td>
            <td className="row-actions">
              <button
                type="button"
                className="button small"
                disabled={asking !== null}
                onClick={() => void listen.run(v.id, v.name)}
              >
                {asking === v.id ? "Preparing…" : "▶ Play"}
                <span className="visually-hidden"> {v.name}</span>
              </button>
            </td>
          </tr>
        )}
      />
    </>
  );
}
