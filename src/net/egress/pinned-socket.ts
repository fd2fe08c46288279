import { connect, isIP, type Socket } from "node:net";

/**
 * A TCP connection to one of the addresses the guard checked, tried in the order the resolver gave
 * them. Only IP literals are accepted, so nothing here can ask DNS again.
 */
export async function connectPinned(addresses: readonly string[], port: number, timeoutMs: number): Promise<Socket> {
  let last: unknown = new Error("no address to connect to");
  for (const address of addresses) {
    if (isIP(address) === 0) continue;
    try {
      return await connectOne(address, port, timeoutMs);
    } catch (err) {
      last = err;
    }
  }
  throw last;
}

/** Resolves with the connected socket; the caller adds its own error handler at once. */
function connectOne(address: string, port: number, timeoutMs: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: address, port, autoSelectFamily: false });
    const fail = (err: Error) => {
      clearTimeout(timer);
      socket.destroy();
      reject(err);
    };
    const timer = setTimeout(() => fail(Object.assign(new Error("connect timeout"), { code: "ETIMEDOUT" })), timeoutMs);
    socket.once("error", fail);
    socket.once("connect", () => {
      clearTimeout(timer);
      socket.removeListener("error", fail);
      resolve(socket);
    });
  });
}
