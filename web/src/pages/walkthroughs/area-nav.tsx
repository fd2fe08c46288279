import { useLocation } from "../../router/history";
import { Link } from "../../router/link";

const LINKS = [
  { to: "/walkthroughs", label: "Videos and plans" },
  { to: "/walkthroughs/new", label: "Plan a walkthrough" },
  { to: "/walkthroughs/templates", label: "Templates" },
  { to: "/walkthroughs/voices", label: "Voices" },
];

/** The walkthrough area's own pages. */
export function AreaNav() {
  const { path } = useLocation();
  return (
    <nav className="area-nav" aria-label="Walkthroughs">
      <ul>
        {LINKS.map((l) => (
          <li key={l.to}>
            <Link to={l.to} aria-current={path === l.to ? "page" : undefined}>
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
