// Runs when `npm ci` could not build the native pixel loops (no C compiler, or no Node headers): the
// install goes on, and the compositor uses its TypeScript loops, which give the same bytes more slowly.
console.warn(
  "clipwright: the native pixel loops (native/pixels.c) were not built; exports will use the slower " +
    "TypeScript loops. Install a C compiler and Node's headers (Debian: build-essential), then run " +
    "`npm run build:native`.",
);
