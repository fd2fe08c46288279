import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as it arrived (headers and body). */
  raw: string;
}

/**
 * A real SMTP server on a loopback port (smtp-server, the receiving half of nodemailer's project): it
 * accepts every message into `received`, or, while `refusing` is set, answers every recipient with 550.
 */
export class SmtpReceiver {
  readonly received: ReceivedMail[] = [];
  refusing = false;

  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
  ) {}

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  static async start(): Promise<SmtpReceiver> {
    let receiver: SmtpReceiver | undefined;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["AUTH", "STARTTLS"],
      logger: false,
      onRcptTo(_address, _session, callback) {
        if (!receiver?.refusing) return callback();
        const err = Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 });
        callback(err);
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          receiver?.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    receiver = new SmtpReceiver(server, (server.server.address() as AddressInfo).port);
    return receiver;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
