import { type ReactNode, useEffect, useRef } from "react";
import { hasNavigated } from "../router/history";

/** A page's title (also the document's), what the page is for, and its main actions. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · Clipwright`;
  }, [title]);
  // After moving within the app, focus goes to the new page's title, as a page load would announce it.
  useEffect(() => {
    if (hasNavigated()) heading.current?.focus();
  }, []);
  return (
    <header className="page-header">
      <div>
        <h1 ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {description ? <p className="lede">{description}</p> : null}
      </div>
      {actions ? <div className="page-actions">{actions}</div> : null}
    </header>
  );
}
