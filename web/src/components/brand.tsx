import { Link } from "../router/link";

/** The product's name and mark, linking home. */
export function Brand() {
  return (
    <Link to="/" className="brand">
      <svg viewBox="0 0 32 32" width="24" height="24" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill="currentColor" />
        <path d="M12 9.5v13l11-6.5z" fill="#fff" />
      </svg>
      Clipwright
    </Link>
  );
}
