import type { FastifyServerOptions } from "fastify";
import { prettyFactory } from "pino-pretty";
import type { Config } from "./config.js";
import { VERIFY_TOKEN_PARAM } from "./domains/auth/email-verification.js";
import { logSerializers } from "./http/log-redaction.js";
import { SIGNATURE_PARAM } from "./storage/file-links.js";

type LoggerOptions = Exclude<FastifyServerOptions["logger"], boolean | undefined>;

/** Something log lines can be written to: stdout, or a test's capture. */
interface LogStream {
  write(line: string): void;
}

/**
 * Query parameters that are credentials, hidden in request logs: a signed file URL's signature (the URL
 * is the only thing guarding the file) and an e-mail verification token. The expiry next to a signature
 * is not secret and stays readable: it is what tells an "expired link" report apart from a forged one.
 */
const SECRET_QUERY_PARAMS = [SIGNATURE_PARAM, VERIFY_TOKEN_PARAM];

/**
 * The service's logger. Production and tests write one JSON object per line (what log collectors and
 * assertions parse); development prints lines a person reads at a terminal. Either way the entries pass
 * through the same serializers first, so redaction (credentials in query strings) applies to both.
 */
export function loggerOptions(config: Pick<Config, "env" | "logLevel">, stream?: LogStream): LoggerOptions {
  const options: LoggerOptions = { level: config.logLevel, serializers: logSerializers(SECRET_QUERY_PARAMS) };
  if (config.env === "development") return { ...options, stream: prettyStream(stream ?? process.stdout) };
  return stream ? { ...options, stream } : options;
}

/**
 * Pretty-prints each JSON line as it is written, in this process and synchronously (no worker thread:
 * nothing is lost when the process exits, and a test reads the line as soon as it is logged).
 */
function prettyStream(destination: LogStream & { isTTY?: boolean }): LogStream {
  const pretty = prettyFactory({
    colorize: destination.isTTY === true,
    translateTime: "HH:MM:ss.l",
    ignore: "pid,hostname,reqId,req,res,responseTime",
    singleLine: true,
    messageFormat: requestLine,
  });
  return { write: (line) => destination.write(pretty(line)) };
}

/** "req_… GET /path incoming request", "req_… 200 in 3.2 ms request completed", or just the message. */
function requestLine(log: Record<string, unknown>, messageKey: string): string {
  const parts: string[] = [];
  if (typeof log.reqId === "string") parts.push(log.reqId);
  const req = log.req as { method?: string; url?: string } | undefined;
  if (req?.method) parts.push(`${req.method} ${req.url}`);
  const res = log.res as { statusCode?: number } | undefined;
  if (res?.statusCode !== undefined) {
    parts.push(
      typeof log.responseTime === "number"
        ? `${res.statusCode} in ${log.responseTime.toFixed(1)} ms`
        : String(res.statusCode),
    );
  }
  parts.push(String(log[messageKey] ?? ""));
  return parts.join(" ");
}
