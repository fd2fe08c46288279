import { contrastOf, normaliseHex } from "./contrast";

/**
 * A colour shown as a small SVG square. SVG's `fill` is an attribute, not a style, so the page's policy
 * (`style-src 'self'`, no inline style) has nothing to refuse; the hex is said in words beside it.
 */
export function Swatch({ hex, label }: { hex: string; label: string }) {
  const colour = normaliseHex(hex);
  return (
    <span className="swatch-item">
      <svg className="swatch-box" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <rect x="0.5" y="0.5" width="23" height="23" rx="4" fill={colour ?? "#ffffff"} stroke="#8a94a6" />
        {colour ? null : <path d="M4 20 L20 4" stroke="#b42318" strokeWidth="2" />}
      </svg>
      <span>
        <span className="swatch-name">{label}</span> <code>{colour ?? (hex || "none")}</code>
      </span>
    </span>
  );
}

/** A row of swatches: a palette, live as it is edited. */
export function Palette({ colours, label }: { colours: { label: string; hex: string }[]; label: string }) {
  return (
    <ul className="palette" aria-label={label}>
      {colours.map((c) => (
        <li key={`${c.label}-${c.hex}`}>
          <Swatch hex={c.hex} label={c.label} />
        </li>
      ))}
    </ul>
  );
}

/**
 * Text on a background: a sample drawn in the two colours, the WCAG ratio as a number and whether it
 * reaches the 4.5:1 the service requires, in words (the colours only repeat it).
 */
export function ContrastCheck({ name, text, background }: { name: string; text: string; background: string }) {
  const c = contrastOf(text, background);
  const [fg, bg] = [normaliseHex(text), normaliseHex(background)];
  return (
    <div className="contrast-check">
      <svg className="contrast-sample" viewBox="0 0 120 40" role="img" aria-label={`Sample of ${name}`}>
        <rect width="120" height="40" rx="6" fill={bg ?? "#ffffff"} stroke="#8a94a6" />
        <text x="60" y="26" textAnchor="middle" fontSize="16" fontWeight="600" fill={fg ?? "#000000"}>
          Aa Text
        </text>
      </svg>
      <p className="contrast-result">
        <strong>{name}:</strong>{" "}
        {c ? (
          <>
            contrast <span className="contrast-ratio">{c.shown}</span>{" "}
            <span className={c.passes ? "badge badge-good" : "badge badge-bad"}>{c.passes ? "passes" : "fails"}</span>
            <span className="muted small block">
              {c.passes
                ? "Readable: at least 4.5:1 (WCAG AA)."
                : "Too faint to read: it needs at least 4.5:1 (WCAG AA)."}
            </span>
          </>
        ) : (
          <span className="muted">enter both colours to check</span>
        )}
      </p>
    </div>
  );
}
