#!/usr/bin/env node
// The package's bin: runs the TypeScript CLI through tsx so a fresh clone needs no build step.
import { register } from "tsx/esm/api";

register();
await import("../src/cli.ts");
