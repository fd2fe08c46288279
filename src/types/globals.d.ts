// Node 20 ships String.prototype.isWellFormed (ES2024); TypeScript's ES2023 lib does not declare it.
// Declared alone so other ES2024 APIs that Node 20 lacks stay unavailable to the type checker.
interface String {
  isWellFormed(): boolean;
}
