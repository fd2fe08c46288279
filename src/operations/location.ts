import { API_PREFIX, OPERATIONS, type OperationId } from "./registry.js";

/**
 * The `Location` of a created or started resource: the path of the operation that reads it, from the
 * registry, with its parameters filled in (`locationOf("renders.get", { id })` → `/api/v1/renders/<id>`).
 */
export function locationOf(readBy: OperationId, params: Record<string, string>): string {
  const row = OPERATIONS.find((r) => r.id === readBy);
  if (!row) throw new Error(`${readBy} is not in the registry`);
  return (
    API_PREFIX +
    row.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = params[name];
      if (value === undefined) throw new Error(`${readBy}: no value for {${name}}`);
      return encodeURIComponent(value);
    })
  );
}
