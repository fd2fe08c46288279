import { spawn } from "node:child_process";
import type { Writable } from "node:stream";

/**
 * Running ffmpeg / ffprobe: always `spawn(binary, args)` with an argument array, never a shell, so no
 * value (a path, a caption, a URL) is ever parsed by a shell. Every run has a timeout and may carry an
 * AbortSignal; either one kills the process (SIGKILL) and rejects with an FfmpegError. stderr is kept in
 * a bounded buffer (its last `stderrLimit` bytes, where ffmpeg writes the actual error) for the error.
 * `startProcess` is the one place a process is spawned: `run` waits for it, the streaming encoder
 * (encode-stream.ts) feeds its stdin.
 */

const DEFAULT_TIMEOUT_MS = 10 * 60_000;
const DEFAULT_STDERR_LIMIT = 16 * 1024;
const DEFAULT_STDOUT_LIMIT = 32 * 1024 * 1024;

export type FfmpegErrorCode = "failed" | "timeout" | "aborted" | "spawn" | "output";

export class FfmpegError extends Error {
  override readonly name = "FfmpegError";
  constructor(
    message: string,
    readonly code: FfmpegErrorCode,
    readonly details: {
      binary: string;
      args: readonly string[];
      exitCode?: number | null;
      signal?: NodeJS.Signals | null;
      /** The tail of stderr (bounded). */
      stderr?: string;
      cause?: unknown;
    },
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
  }
  get stderr(): string {
    return this.details.stderr ?? "";
  }
  get exitCode(): number | null | undefined {
    return this.details.exitCode;
  }
}

/** Where the ffmpeg and ffprobe programs are: paths, or names looked up on PATH. */
export interface FfmpegBinaries {
  ffmpeg: string;
  ffprobe: string;
}

export interface RunControl {
  /** Kills the process and rejects with code "aborted" when aborted. */
  signal?: AbortSignal;
  /** Kills the process and rejects with code "timeout" after this long. Default 10 minutes. */
  timeoutMs?: number;
  /** Called with the child's pid once it has been spawned (tests; progress bookkeeping). */
  onSpawn?: (pid: number) => void;
  /** The programs to run (the service passes its configured ones); default `ffmpeg` and `ffprobe` on PATH. */
  binaries?: FfmpegBinaries;
}

export interface RunOptions extends RunControl {
  /** Bytes of stderr kept (the last ones). Default 16 kB. */
  stderrLimit?: number;
  /** Bytes of stdout kept (the first ones); beyond it the run fails. Default 32 MB. */
  stdoutLimit?: number;
}

export interface ProcessOptions extends RunOptions {
  /** Gives the process a stdin pipe to write to (default: no stdin). */
  stdin?: boolean;
}

export interface RunResult {
  stdout: string;
  stderr: string;
}

/** A started ffmpeg / ffprobe process. */
export interface FfmpegProcess {
  /** The process's stdin when started with `stdin: true` (null otherwise, or when it never started). */
  readonly stdin: Writable | null;
  /** Resolves with the output after a clean exit; rejects with an FfmpegError saying how the run failed. */
  readonly done: Promise<RunResult>;
  /** Kills the process as cancelled (`done` rejects with code "aborted"). Idempotent. */
  cancel(): void;
  /** True once the process has exited, been killed, or lost its stdin: nothing more can be written. */
  readonly stopped: boolean;
}

/** Keeps the last `limit` bytes written to it. */
class TailBuffer {
  private chunks: Buffer[] = [];
  private size = 0;
  truncated = false;
  constructor(private readonly limit: number) {}
  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
    while (this.size > this.limit && this.chunks.length > 0) {
      const first = this.chunks[0] as Buffer;
      const excess = this.size - this.limit;
      this.truncated = true;
      if (first.length <= excess) {
        this.chunks.shift();
        this.size -= first.length;
      } else {
        this.chunks[0] = first.subarray(excess);
        this.size -= excess;
      }
    }
  }
  toString(): string {
    const text = Buffer.concat(this.chunks).toString("utf8");
    return this.truncated ? `…${text}` : text;
  }
}

type KillReason = "timeout" | "aborted" | "output";

export function startProcess(binary: string, args: readonly string[], opts: ProcessOptions = {}): FfmpegProcess {
  const base = { binary, args: [...args] };
  if (opts.signal?.aborted) {
    const done = Promise.reject(
      new FfmpegError(`${binary} aborted before start`, "aborted", { ...base, cause: opts.signal.reason }),
    );
    done.catch(() => {});
    return { stdin: null, done, cancel: () => {}, stopped: true };
  }
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const stderrBuf = new TailBuffer(opts.stderrLimit ?? DEFAULT_STDERR_LIMIT);
  const stdoutLimit = opts.stdoutLimit ?? DEFAULT_STDOUT_LIMIT;
  const stdoutChunks: Buffer[] = [];
  let stdoutSize = 0;
  let killedFor: KillReason | null = null;
  let inputError: Error | null = null;

  const child = spawn(binary, args, {
    stdio: [opts.stdin ? "pipe" : "ignore", "pipe", "pipe"],
    shell: false,
    windowsHide: true,
  });
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const kill = (why: KillReason | null) => {
    if (why !== null) killedFor ??= why;
    if (!exited()) child.kill("SIGKILL");
  };
  const onAbort = () => kill("aborted");
  const timer = setTimeout(() => kill("timeout"), timeoutMs);
  timer.unref?.();
  opts.signal?.addEventListener("abort", onAbort, { once: true });

  // A write after the process died raises EPIPE on stdin; the exit is what gets reported.
  child.stdin?.on("error", (err) => {
    inputError ??= err;
    kill(null);
  });
  child.stdout?.on("data", (chunk: Buffer) => {
    stdoutSize += chunk.length;
    if (stdoutSize > stdoutLimit) {
      kill("output");
      return;
    }
    stdoutChunks.push(chunk);
  });
  child.stderr?.on("data", (chunk: Buffer) => stderrBuf.push(chunk));
  child.on("spawn", () => {
    if (child.pid !== undefined) opts.onSpawn?.(child.pid);
  });

  const done = new Promise<RunResult>((resolve, reject) => {
    let settled = false;
    const finish = (err: FfmpegError | null, result?: RunResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener("abort", onAbort);
      if (err) reject(err);
      else resolve(result as RunResult);
    };
    child.on("error", (cause) => {
      // Spawn failures (ENOENT, EACCES). Errors from kill() after exit are ignored by `settled`.
      finish(new FfmpegError(`${binary} could not be started: ${cause.message}`, "spawn", { ...base, cause }));
    });
    child.on("close", (exitCode, signal) => {
      const stderr = stderrBuf.toString();
      if (killedFor === "output") {
        finish(
          new FfmpegError(`${binary} wrote more than ${stdoutLimit} bytes to stdout`, "output", { ...base, stderr }),
        );
        return;
      }
      const failure = exitFailure(base, {
        killedFor,
        exitCode,
        signal,
        stderr,
        timeoutMs,
        reason: opts.signal?.reason,
        cause: inputError ?? undefined,
      });
      if (failure) finish(failure);
      else finish(null, { stdout: Buffer.concat(stdoutChunks).toString("utf8"), stderr });
    });
  });
  // Callers may learn of a failure from a write first and never await `done`: no unhandled rejection.
  done.catch(() => {});
  return {
    stdin: child.stdin,
    done,
    cancel: onAbort,
    get stopped() {
      return killedFor !== null || inputError !== null || exited();
    },
  };
}

/** Runs the process to its end. */
function run(binary: string, args: readonly string[], opts: RunOptions): Promise<RunResult> {
  return startProcess(binary, args, { ...opts, stdin: false }).done;
}

/**
 * How a finished ffmpeg/ffprobe run failed, or null for a clean exit: killed for a cancel or a timeout,
 * or a non-zero exit (the message quotes stderr's last line, where ffmpeg writes the reason).
 */
function exitFailure(
  base: { binary: string; args: readonly string[] },
  end: {
    killedFor: string | null;
    exitCode: number | null;
    signal: NodeJS.Signals | null;
    stderr: string;
    timeoutMs: number;
    reason?: unknown;
    cause?: unknown;
  },
): FfmpegError | null {
  const { binary } = base;
  const { exitCode, signal, stderr } = end;
  if (end.killedFor === "aborted")
    return new FfmpegError(`${binary} was cancelled`, "aborted", {
      ...base,
      exitCode,
      signal,
      stderr,
      cause: end.reason,
    });
  if (end.killedFor === "timeout")
    return new FfmpegError(`${binary} timed out after ${end.timeoutMs} ms`, "timeout", {
      ...base,
      exitCode,
      signal,
      stderr,
    });
  if (exitCode === 0) return null;
  const lastLine = stderr.trim().split("\n").at(-1) ?? "";
  return new FfmpegError(
    `${binary} exited with ${exitCode ?? signal}${lastLine ? `: ${lastLine.slice(0, 300)}` : ""}`,
    "failed",
    { ...base, exitCode, signal, stderr, ...(end.cause === undefined ? {} : { cause: end.cause }) },
  );
}

/** The ffmpeg to run: the caller's, else `ffmpeg` on PATH. */
export const ffmpegOf = (opts: RunControl): string => opts.binaries?.ffmpeg ?? "ffmpeg";

/** `ffmpeg -hide_banner -nostdin -loglevel error …args`. Callers pass `-y` and the output themselves. */
export function runFfmpeg(args: readonly string[], opts: RunOptions = {}): Promise<RunResult> {
  return run(ffmpegOf(opts), ["-hide_banner", "-nostdin", "-loglevel", "error", ...args], opts);
}

/** `ffprobe …args`. */
export function runFfprobe(args: readonly string[], opts: RunOptions = {}): Promise<RunResult> {
  return run(opts.binaries?.ffprobe ?? "ffprobe", args, opts);
}
